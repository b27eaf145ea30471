import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { Controller, Get, Inject, NotFoundException, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator';
import { bearerIs } from '../common/bearer-secret';
import { APP_CONFIG } from '../common/tokens';
import type { AppConfig } from '../config';
import { DATABASE, type Database } from '../database/database';
import { readLiveLock } from './data-dir-lock';

const isLoopback = (address: string | undefined) => address === '::1' || /^(::ffff:)?127\./.test(address ?? '');

/**
 * The copy `npm run backup` takes while the product runs, since only this process may open the data folder. Asked
 * over loopback with the token of the folder's lock file, which only the folder's owner can read (a session
 * counts for nothing here); anywhere else the route answers as if it did not exist, and the API's description
 * leaves it out.
 */
@ApiExcludeController()
@Controller('ops/pglite-backup')
export class PgliteBackupController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** The data folder as an uncompressed tar: the command compresses it, so this process only copies. */
  @Public()
  @Get()
  async backup(@Req() request: Request, @Res() response: Response): Promise<void> {
    const lock = this.config.dataDir ? readLiveLock(this.config.dataDir) : null;
    if (!this.db.dumpDataDir || lock?.pid !== process.pid || !lock.token || !isLoopback(request.socket.remoteAddress)) throw new NotFoundException();
    if (!bearerIs(request, lock.token)) throw new UnauthorizedException({ message: 'The backup token of the data folder\'s lock file is missing or wrong' });
    const tar = await this.db.dumpDataDir();
    response.setHeader('Content-Type', 'application/x-tar');
    response.setHeader('Content-Length', String(tar.size));
    await pipeline(Readable.fromWeb(tar.stream() as ReadableStream), response);
  }
}
