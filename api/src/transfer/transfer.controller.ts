import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { answerWithProgress } from './progress-answer';
import { TransferService } from './transfer.service';

const isTrue = (value: unknown) => value === 'true' || value === '1';

const IMPORT_DESCRIPTION =
  'Body `{import: {headers, rows, base?}}`. 422 with decline.headerValidateErrors and decline.rowValidateErrors when anything is wrong; `validate-only=true` writes nothing. ' +
  'With `Accept: application/x-ndjson` the answer is a 200 at once, then one JSON object per line: `{"progress": {"stage": "validated" | "written", "rows": n}}` as rows are checked and written, and last `{"status", "body"}`: what the plain answer would have been.';

/** Import and patch wizards (spec part 2 section 7) and the export's field list. Registered before the generic record routes. */
@ApiTags('import and export')
@Controller('company/model/:model')
export class TransferController {
  constructor(private readonly transfer: TransferService) {}

  @Get('schema')
  schema(@CurrentActor() actor: Actor, @Param('model') model: string) {
    return this.transfer.schema(model, actor);
  }

  @Get('import/fields')
  importFields(@CurrentActor() actor: Actor, @Param('model') model: string, @Query('mode') mode?: string) {
    return this.transfer.importFieldList(model, actor, mode === 'patch' ? 'patch' : 'import');
  }

  @Post('import/example')
  @HttpCode(200)
  example(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: { importCsvBase?: unknown }) {
    return this.transfer.example(model, actor, body?.importCsvBase);
  }

  @Post('import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Import rows (at most 100 000), all or none', description: IMPORT_DESCRIPTION })
  import(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown, @Query('validate-only') validateOnly: string | undefined, @Headers('accept') accept: string | undefined, @Res() response: Response) {
    return answerWithProgress(response, accept, (onProgress) => this.transfer.importRows(model, actor, body, 'import', isTrue(validateOnly), onProgress));
  }

  @Post('import/patch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Patch records by _id from rows (at most 100 000), all or none', description: IMPORT_DESCRIPTION })
  patch(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown, @Query('validate-only') validateOnly: string | undefined, @Headers('accept') accept: string | undefined, @Res() response: Response) {
    return answerWithProgress(response, accept, (onProgress) => this.transfer.importRows(model, actor, body, 'patch', isTrue(validateOnly), onProgress));
  }
}
