import { once } from 'node:events';
import { Body, Controller, HttpCode, HttpException, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { csvLine, toCsv } from '../common/csv';
import { shutdownSignal, throwIfShuttingDown } from '../common/process-lifecycle';
import { ExportService } from './export.service';

/**
 * Waits while the client has not taken what was written yet, so a slow download holds one batch, not the export.
 * A client that went away, or a shutdown, ends the export (and the transaction its cursor holds) instead.
 */
async function drained(response: Response): Promise<void> {
  if (response.writableNeedDrain) {
    const stop = new AbortController();
    const options = { signal: stop.signal };
    await Promise.race([once(response, 'drain', options), once(response, 'close', options), once(shutdownSignal, 'abort', options)]).finally(() => stop.abort());
  }
  // nginx's "client closed request": nobody reads this answer, but the log should not call it a server error
  if (response.destroyed) throw new HttpException({ message: 'The client went away during the export' }, 499);
  throwIfShuttingDown();
}

function startDownload(response: Response, type: string, fileName: string): void {
  response.status(200);
  response.setHeader('Content-Type', type);
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
}

/**
 * Exports (spec part 2 section 2): `{fields, ids}` or `{fields, query}`. The CSV and XLSX downloads stream from a
 * database cursor into the response; the JSON answer (`{data: {csv, count}}`) serves the clipboard of small exports.
 */
@ApiTags('import and export')
@Controller('company/model/:model/export')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Post()
  @HttpCode(200)
  async json(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown) {
    const plan = this.exports.plan(model, actor, body);
    const rows: string[][] = [plan.header];
    await plan.eachBatch(async (records) => {
      rows.push(...records.map(plan.csvRow));
    });
    return { data: { csv: toCsv(rows), count: rows.length - 1 } };
  }

  @Post('csv')
  async csv(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown, @Res() response: Response) {
    const plan = this.exports.plan(model, actor, body);
    startDownload(response, 'text/csv; charset=utf-8', `${model}-export.csv`);
    // the byte-order mark makes spreadsheets read the file as UTF-8 ("Zoë", not "ZoÃ«")
    response.write(`\uFEFF${csvLine(plan.header)}`);
    await plan.eachBatch(async (records) => {
      response.write(records.map((record) => `\r\n${csvLine(plan.csvRow(record))}`).join(''));
      await drained(response);
    });
    response.end();
  }

  @Post('xlsx')
  async xlsx(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown, @Res() response: Response) {
    const plan = this.exports.plan(model, actor, body);
    startDownload(response, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${model}-export.xlsx`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(model);
    sheet.addRow(plan.header).commit();
    // typed cells (numbers, yes/no, moments); a text cell is never run as a formula, so no text needs a quote
    await plan.eachBatch(async (records) => {
      for (const record of records) sheet.addRow(plan.cellRow(record)).commit();
      await drained(response);
    });
    sheet.commit();
    await workbook.commit();
  }
}
