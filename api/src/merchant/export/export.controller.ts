import { Body, Controller, Get, HttpCode, HttpException, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { isPlainObject } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { forbidden, invalid } from '../../common/errors';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { RecordService } from '../../records/record.service';
import { LiveSalesService } from '../live/live-sales.service';
import { MerchantAccess, merchantName } from '../merchant-access';
import { type ExportConfirmation, InvoiceExportService } from '../moneybird/invoice-export.service';
import { parsePeriod } from '../period';
import { type CurrencySettings, csvFileName, salesCsv } from './sales-csv';

/** The two exports of the live page: the sales CSV and the accounting invoice in Moneybird. */
/** `confirm` of an invoice export: true, or the ids of the earlier invoices the person confirmed. */
function confirmationOf(confirm: unknown): ExportConfirmation {
  if (confirm === true) return true;
  if (!Array.isArray(confirm)) return false;
  if (confirm.length > 1000 || !confirm.every((id) => typeof id === 'string' && id.length <= 100)) throw invalid('confirm must be true or the ids of the invoices you confirmed', [{ field: 'confirm', message: 'must be true or a list of invoice ids' }]);
  return confirm;
}

@ApiTags('merchant')
@Controller('company/merchant/:merchantId/export')
export class ExportController {
  constructor(
    private readonly merchants: MerchantAccess,
    private readonly sales: LiveSalesService,
    private readonly invoices: InvoiceExportService,
    private readonly records: RecordService,
  ) {}

  @Get('csv')
  @ApiOperation({
    summary: 'Sales of a merchant (or `all`) in [from, to) as CSV',
    description:
      'Columns Merchant, Name, VAT, Count, Price, Total (euros), plus Token Total (total divided by the exchange rate) when the company currency symbol is not the euro; ' +
      'one row per product and charged price. Cells a spreadsheet would run as a formula get a leading apostrophe. File name Export_{merchant}_{timestamp}.csv.',
  })
  async csv(@CurrentActor() actor: Actor, @Param('merchantId') merchantId: string, @Query() query: Record<string, unknown>, @Res() response: Response) {
    const merchant = await this.merchants.readable(actor, merchantId);
    const period = parsePeriod(query);
    const [sales, company] = await Promise.all([this.sales.read(actor, merchant, period), this.records.get('company', actor, actor.companyId)]);
    const currency = ((company.settings as { payment?: CurrencySettings } | undefined)?.payment ?? {}) as CurrencySettings;
    const name = csvFileName(merchantName(merchant));
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    response.send(salesCsv(sales, currency, merchantName(merchant)));
  }

  @Post('invoice')
  @Idempotent()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Send the sales of a merchant (or `all`) in [from, to) to Moneybird as a sales invoice (super admins only)',
    description:
      'Body {from, to, confirm?} in unix seconds. Reads the sales-invoice tax rates first: when a product VAT rate is missing nothing is sent and the answer is 422 ' +
      "'Unexpected Tax Rates Found' with errors 'Found {n}% BTW'. Each export is recorded (model invoiceExport); when the period overlaps an earlier export " +
      "of the same merchant the answer is 409 with reason 'already-exported', a message naming that invoice and `existing`, and nothing is sent, unless the body confirms them: " +
      "confirm: [the invoice ids of `existing` the person was shown] (refused again when more overlap by then) or confirm: true (whatever overlaps). " +
      "Moneybird refusals answer 502 with the reason (401 token, 402 plan limit, 404 administration/contact/workflow, 422 invalid), " +
      '429 with Retry-After when Moneybird rate-limits, 503 when Moneybird is not configured.',
  })
  async invoice(@CurrentActor() actor: Actor, @Param('merchantId') merchantId: string, @Body() body: unknown, @Res({ passthrough: true }) response: Response) {
    if (!actor.rights.has('super')) throw forbidden('Only super admins may export an accounting invoice');
    const merchant = await this.merchants.readable(actor, merchantId);
    const period = parsePeriod(isPlainObject(body) ? body : {});
    const company = await this.records.get('company', actor, actor.companyId);
    try {
      return await this.invoices.export(actor, merchant, company, period, confirmationOf(isPlainObject(body) ? body.confirm : undefined));
    } catch (error) {
      const retryAfter = error instanceof HttpException ? (error.getResponse() as { retryAfter?: number | null }).retryAfter : undefined;
      if (typeof retryAfter === 'number') response.setHeader('Retry-After', String(retryAfter));
      throw error;
    }
  }
}
