import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config';
import { DATABASE, type Database } from '../database/database';
import { APP_CONFIG } from './tokens';

const SECRET_NAME = 'signed-links';

/**
 * Absolute addresses on PUBLIC_URL that someone without a session may open, each signed for what it shows (an image
 * of a mail, a merchant's self-service menu), so that nothing else becomes public. The signing key is made once and
 * kept in the database, the same for every API process.
 */
@Injectable()
export class SignedLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `${PUBLIC_URL}${path}/{signature of path}` */
  async url(path: string): Promise<string> {
    const base = this.config.publicUrl ?? `http://localhost:${this.config.port}`;
    return `${base}${path}/${await this.signature(path)}`;
  }

  async valid(path: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.signature(path));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async signature(path: string): Promise<string> {
    return createHmac('sha256', await this.signingKey()).update(path).digest('base64url').slice(0, 32);
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db.query('INSERT INTO app_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [SECRET_NAME, randomBytes(32).toString('hex')]);
      const [row] = await this.db.query<{ value: string }>('SELECT value FROM app_secret WHERE name = $1', [SECRET_NAME]);
      return Buffer.from(row.value, 'hex');
    })();
    this.key.catch(() => (this.key = null));
    return this.key;
  }
}
