import { BadGatewayException, ConflictException, HttpException, HttpStatus, Inject, Injectable, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import type { Actor } from '../../auth/actor';
import { conflict, forbidden, invalid } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import { withLease } from '../../database/lease';
import type { Doc } from '../../records/record-repository';
import { RecordService } from '../../records/record.service';
import { ITEMS, LiveSalesService, soldParams, soldWhere } from '../live/live-sales.service';
import { merchantName } from '../merchant-access';
import type { Period } from '../period';
import { requireService, whenServiceOn } from '../../settings/service-switch';
import { UNEXPECTED_TAX_RATES, type InvoiceSale, buildInvoice, foundRateMessage, unexpectedRates } from './invoice-builder';
import { MoneybirdClient, MoneybirdError, type MoneybirdCreatedInvoice, type MoneybirdSalesInvoice } from './moneybird-client';

export interface InvoiceExport {
  invoice: MoneybirdCreatedInvoice;
  sent: MoneybirdSalesInvoice;
}

/** Longest an export may hold the company's export lease (Moneybird answers within OUTSIDE_TIMEOUT_MS, twice). */
const EXPORT_LEASE_SECONDS = 120;
const EXPORT_UNDER_WAY = 'An invoice export of this company is under way: try again when it has finished';

const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/** Moneybird's refusals as answers an admin can act on; 429 keeps the wait in `retryAfter` (the controller sets Retry-After). */
export function moneybirdHttpError(error: MoneybirdError): HttpException {
  switch (error.problem) {
    case 'not-configured':
      return new ServiceUnavailableException({ message: error.message, problem: error.problem });
    case 'rate-limited':
      return new HttpException({ message: error.message, problem: error.problem, retryAfter: error.retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
    default:
      return new BadGatewayException({ message: error.message, problem: error.problem });
  }
}

interface EarlierExport {
  period: { from: number; to: number };
  invoice: { id: string; reference?: string };
  exportedBy: { userId: string; name: string | null };
  meta: { createdAt: number };
}

/**
 * An export over earlier ones: none (false), the invoices the person was shown in the 409 and confirmed (so a
 * second click after the first export made one more is refused again), or true for whatever overlaps.
 */
export type ExportConfirmation = boolean | readonly string[];

/** 409: the period was (partly) exported before; the message names the invoice so the admin can decide. */
function alreadyExported(merchant: Doc | null, existing: EarlierExport[]): ConflictException {
  const [last] = existing.slice(-1);
  const who = last.exportedBy.name ? ` by ${last.exportedBy.name}` : '';
  return new ConflictException({
    message: `${merchantName(merchant)} already has an accounting invoice for this period: invoice ${last.invoice.id} (${day(last.period.from)} - ${day(last.period.to - 1)}), exported${who} on ${day(last.meta.createdAt)}. Export again?`,
    reason: 'already-exported',
    existing,
  });
}

/** The accounting-invoice export: sales of a merchant in a period as a Moneybird sales invoice (super admins only). */
@Injectable()
export class InvoiceExportService {
  readonly client = whenServiceOn('moneybird', new MoneybirdClient());

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly live: LiveSalesService,
    private readonly records: RecordService,
  ) {}

  /**
   * Sends the invoice and records the export. An export whose period overlaps an earlier one of the same merchant
   * (or of all merchants) is refused with 409 'already-exported' naming that invoice, unless `confirmed`.
   */
  async export(actor: Actor, merchant: Doc | null, company: Doc, period: Period, confirmed: ExportConfirmation = false): Promise<InvoiceExport> {
    if (!actor.rights.has('super')) throw forbidden('Only super admins may export an accounting invoice');
    requireService('moneybird');
    const moneybird = ((company.settings as Doc | undefined)?.moneybird ?? {}) as { contactId?: string; workflowId?: string };
    const missing = [!moneybird.contactId && 'settings.moneybird.contactId', !moneybird.workflowId && 'settings.moneybird.workflowId'].filter((path): path is string => Boolean(path));
    if (missing.length > 0) {
      throw invalid('Set the Moneybird contact id and workflow id in the company settings first', missing.map((field) => ({ field, message: 'is required for the invoice export' })));
    }
    // one export of the company at a time, so two at once (a double click) cannot both pass the overlap check
    return withLease(this.db, `invoice-export:${actor.companyId}`, EXPORT_LEASE_SECONDS, () => conflict(EXPORT_UNDER_WAY), () => this.send(actor, merchant, moneybird, period, confirmed));
  }

  private async send(actor: Actor, merchant: Doc | null, moneybird: { contactId?: string; workflowId?: string }, period: Period, confirmed: ExportConfirmation): Promise<InvoiceExport> {
    if (confirmed !== true) {
      const accepted = new Set(confirmed || []);
      const existing = await this.overlapping(actor.companyId, merchant, period);
      if (existing.some((earlier) => !accepted.has(earlier.invoice.id))) throw alreadyExported(merchant, existing);
    }
    try {
      const ids = this.client.lineIds();
      const sales = await this.sales(actor.companyId, merchant, period);
      if (sales.length === 0) throw invalid('Nothing was sold in this period', [{ field: 'period', message: 'no sales' }]);
      const rates = await this.client.salesTaxRates();
      const unexpected = unexpectedRates(sales, rates);
      if (unexpected.length > 0) {
        throw new UnprocessableEntityException({
          message: UNEXPECTED_TAX_RATES,
          errors: unexpected.map((percent) => ({ field: 'taxPercentage', message: foundRateMessage(percent) })),
          unexpectedTaxRates: unexpected,
        });
      }
      const sent = buildInvoice(sales, rates, {
        contactId: moneybird.contactId!,
        workflowId: moneybird.workflowId!,
        productId: ids.productId,
        ledgerAccountId: ids.ledgerAccountId,
        reference: `${merchantName(merchant)} ${day(period.from)} - ${day(period.to - 1)}`,
        invoiceDate: day(Math.floor(Date.now() / 1000)),
      });
      const invoice = await this.client.createSalesInvoice(sent);
      await this.records.create('invoiceExport', actor, {
        ...(merchant && { merchantRef: { merchantId: String(merchant._id) } }),
        period: { from: period.from, to: period.to },
        invoice: { id: String(invoice.id), reference: invoice.reference },
        exportedBy: { userId: actor.userId },
      });
      return { invoice, sent };
    } catch (error) {
      if (error instanceof MoneybirdError) throw moneybirdHttpError(error);
      throw error;
    }
  }

  /** Earlier exports of the merchant (or of all merchants) whose period overlaps this one, with who made them. */
  private async overlapping(companyId: string, merchant: Doc | null, period: Period): Promise<EarlierExport[]> {
    const rows = await this.db.query<{ doc: Doc; by: string | null }>(
      `SELECT e.doc, u.doc #>> '{name,full}' AS by FROM invoice_export e LEFT JOIN "user" u ON u.id = e.doc #>> '{exportedBy,userId}'
       WHERE e.company_id = $1 AND e.merchant_ref_merchant_id IS NOT DISTINCT FROM $2
         AND (e.doc #>> '{period,from}')::bigint < $4 AND (e.doc #>> '{period,to}')::bigint > $3
       ORDER BY e.id`,
      [companyId, merchant ? String(merchant._id) : null, period.from, period.to],
    );
    return rows.map((row) => ({ ...(row.doc as unknown as EarlierExport), exportedBy: { ...(row.doc.exportedBy as { userId: string }), name: row.by } }));
  }

  /** Sold items per product, charged price and online or not, in one SQL aggregation. */
  private async sales(companyId: string, merchant: Doc | null, period: Period): Promise<InvoiceSale[]> {
    const merchantId = merchant ? String(merchant._id) : null;
    const rows = await this.db.query<{ product_id: string | null; price_cents: unknown; online: boolean; count: unknown }>(
      `SELECT item ->> 'productId' AS product_id, (item #>> '{price,cents}')::bigint AS price_cents, coalesce(p.payment_type = 'paynl', false) AS online, count(*) AS count
       FROM "transaction" t CROSS JOIN LATERAL ${ITEMS} AS item
       LEFT JOIN payment p ON p.company_id = t.company_id AND p.id = (t.doc #>> '{paymentRef,0,paymentId}')
       WHERE ${soldWhere(merchantId)} GROUP BY 1, 2, 3`,
      soldParams(companyId, period, merchantId),
    );
    const ids = [...new Set(rows.map((row) => row.product_id).filter((id): id is string => typeof id === 'string'))];
    const products = new Map((await this.live.products(companyId, ids)).map((product) => [String(product._id), product]));
    return rows
      .filter((row) => typeof row.product_id === 'string')
      .map((row) => {
        const product = products.get(row.product_id!) as { nameLocalized?: { full?: { en?: string } }; taxPercentage?: number; price?: { cents?: number } } | undefined;
        const current = product?.price?.cents ?? 0;
        return {
          productId: row.product_id!,
          name: product?.nameLocalized?.full?.en ?? 'Deleted product',
          taxPercentage: typeof product?.taxPercentage === 'number' ? product.taxPercentage : 0,
          priceCents: row.price_cents === null || row.price_cents === undefined ? current : Number(row.price_cents),
          count: Number(row.count),
          online: Boolean(row.online),
        };
      });
  }
}
