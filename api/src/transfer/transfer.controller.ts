import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { TransferService } from './transfer.service';

const isTrue = (value: unknown) => value === 'true' || value === '1';

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

  /** 422 with decline.headerValidateErrors and decline.rowValidateErrors when anything is wrong; `validate-only=true` writes nothing. */
  @Post('import')
  @HttpCode(200)
  import(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown, @Query('validate-only') validateOnly?: string) {
    return this.transfer.importRows(model, actor, body, 'import', isTrue(validateOnly));
  }

  @Post('import/patch')
  @HttpCode(200)
  patch(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown, @Query('validate-only') validateOnly?: string) {
    return this.transfer.importRows(model, actor, body, 'patch', isTrue(validateOnly));
  }
}
