import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { safeCell } from '../common/csv';
import { TransferService } from './transfer.service';

const isTrue = (value: unknown) => value === 'true' || value === '1';

/** Export, import and patch wizards (spec part 2 sections 2 and 7). Registered before the generic record routes. */
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

  /** `{ids, fields}` answers `{data: {csv, count}}`, formula-looking cells neutralised. */
  @Post('export')
  @HttpCode(200)
  export(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown) {
    return this.transfer.exportCsv(model, actor, body);
  }

  /** The same export as a spreadsheet, written row by row as a stream. */
  @Post('export/xlsx')
  async exportXlsx(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown, @Res() response: Response) {
    const { header, rows } = await this.transfer.export(model, actor, body);
    response.status(200);
    response.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    response.setHeader('Content-Disposition', `attachment; filename="${model}-export.xlsx"`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(model);
    sheet.addRow(header).commit();
    for (const row of rows) sheet.addRow(row.map(safeCell)).commit();
    sheet.commit();
    await workbook.commit();
  }
}
