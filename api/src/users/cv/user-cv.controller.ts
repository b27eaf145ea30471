import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { pathId } from '../../finance/finance-output';
import { CvExport } from './cv-export';
import { CV_EXTENSIONS, MAX_CV_BYTES } from './cv-file';
import { UserCvService } from './user-cv.service';

/** Users' CVs (company setting userFileCv): upload, download and remove on the user page; the zip of the list's batch menu. */
@ApiTags('users')
@Controller('company')
export class UserCvController {
  constructor(
    private readonly cvs: UserCvService,
    private readonly cvExport: CvExport,
  ) {}

  @Post('user/:userId/cv')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_CV_BYTES, files: 1 } }))
  @ApiOperation({
    summary: "Upload the user's CV (multipart field `file`), replacing the one before",
    description: `For those who may edit users, when the company setting userFileCv is on (else 409). ${CV_EXTENSIONS.join(', ')} up to 10 MB, checked by content; answers \`{data: {_id, name, mime, size, user}}\`.`,
  })
  upload(@CurrentActor() actor: Actor, @Param('userId') userId: string, @UploadedFile() file: Express.Multer.File | undefined) {
    return this.cvs.upload(actor, pathId(userId, 'user'), file);
  }

  @Get('user/:userId/cv')
  @ApiOperation({ summary: "Download the user's CV (those who may read users)" })
  async download(@CurrentActor() actor: Actor, @Param('userId') userId: string, @Res() response: Response) {
    const file = await this.cvs.download(actor, pathId(userId, 'user'));
    response.setHeader('Content-Type', file.mime);
    response.setHeader('Content-Disposition', `attachment; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(file.bytes);
  }

  @Delete('user/:userId/cv')
  @ApiOperation({ summary: "Remove the user's CV (those who may edit users)" })
  remove(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.cvs.remove(actor, pathId(userId, 'user'));
  }

  @Post('user-cv/export')
  @ApiOperation({
    summary: 'Compress and download CVs (super admins): one zip, named the date plus " Export.zip"',
    description: "Body `{query}`: the user list's filters, sort and search in their query-string form, as the export takes them. The CVs of every matching user, each named after the user, streamed as a zip; 404 when none of them has a CV.",
  })
  export(@CurrentActor() actor: Actor, @Body() body: unknown, @Res() response: Response) {
    return this.cvExport.stream(actor, body, response);
  }
}
