import { BadRequestException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { IBAN_REFUND_TYPES, PROVIDER_REFUND_TYPES, findResource } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import { Params } from '../../records/list-query';
import { pick, toOutput } from '../../records/record-output';
import type { Doc, StoredRecord } from '../../records/record-repository';
import { REFUND_PAYMENT_TYPES, isSuper, refundProblem, requireRight } from '../finance-rules';
import { validIbanSql } from '../bank-file/iban';
import { bankAccountProblem } from './refund.service';

/** The filters of the refund screen (part 1 section 2). */
export interface RefundFilter {
  /** a calendar year (UTC), or null for all years (super admins only) */
  year: number | null;
  refundability: 'any' | 'provider' | 'iban' | 'none';
  /** only payments with leftover credit (the default) */
  leftover: boolean;
  /** anonymous cards: included (default), excluded or only; filtering them is for super admins */
  anonymous: 'include' | 'exclude' | 'only';
}

const SORTS: Record<string, string> = { 'state.put.at.unix': 'p.state_put_at_unix', 'amountLeft.cents': 'p.amount_left_cents', 'amount.cents': 'p.amount_cents' };
const MAX_PAGE = 1000;

function one(raw: unknown): string | undefined {
  return Array.isArray(raw) ? String(raw[0]) : raw === undefined || raw === null ? undefined : String(raw);
}

function bad(field: string, message: string): BadRequestException {
  return new BadRequestException({ message: `${field} ${message}`, errors: [{ field, message }] });
}

const FILTER_KEYS = ['year', 'refundability', 'leftover', 'anonymous'];
/** what the refund list's query holds besides its filter */
const LIST_PAGE_KEYS = ['_start', '_end', '_sort', '_order'];

/**
 * Reads the filter from a query or body; 'All' years and the anonymous-card filter are for super admins. A key
 * that is not a filter (nor, for the list, a page key) is refused: misspelt or hostile, it must never mean "all".
 */
export function parseRefundFilter(actor: Actor, raw: unknown = {}, options: { pageKeys?: boolean; now?: Date } = {}): RefundFilter {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad('filter', 'must be an object');
  const allowed = options.pageKeys ? [...FILTER_KEYS, ...LIST_PAGE_KEYS] : FILTER_KEYS;
  const unknown = Object.keys(raw).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw bad(unknown[0], `is not a filter of the refund list (filters: ${FILTER_KEYS.join(', ')})`);
  return readRefundFilter(actor, raw as Record<string, unknown>, options.now ?? new Date());
}

function readRefundFilter(actor: Actor, raw: Record<string, unknown>, now: Date): RefundFilter {
  const yearText = one(raw.year);
  let year: number | null = now.getUTCFullYear();
  if (yearText === 'all') {
    if (!isSuper(actor)) throw new ForbiddenException({ message: 'Only super admins may list all years' });
    year = null;
  } else if (yearText !== undefined && yearText !== '') {
    year = Number(yearText);
    if (!Number.isInteger(year) || year < 2000 || year > 2100) throw bad('year', 'must be a year or all');
  }
  const refundability = one(raw.refundability) ?? 'any';
  if (!['any', 'provider', 'iban', 'none'].includes(refundability)) throw bad('refundability', 'must be any, provider, iban or none');
  const leftoverText = one(raw.leftover) ?? 'true';
  if (!['true', 'false'].includes(leftoverText)) throw bad('leftover', 'must be true or false');
  const anonymous = one(raw.anonymous) ?? 'include';
  if (!['include', 'exclude', 'only'].includes(anonymous)) throw bad('anonymous', 'must be include, exclude or only');
  if (anonymous !== 'include' && !isSuper(actor)) throw new ForbiddenException({ message: 'Only super admins may filter anonymous cards' });
  return { year, refundability: refundability as RefundFilter['refundability'], leftover: leftoverText === 'true', anonymous: anonymous as RefundFilter['anonymous'] };
}

/** SQL of `refundProblem(payment, 'provider') === null` on a completed payment `p`. */
const providerRefundable = (params: Params) =>
  `(p.amount_left_cents > 0 AND p.payment_type = ANY(${params.add(PROVIDER_REFUND_TYPES)}::text[]) AND jsonb_typeof(p.doc #> '{meta,paynl,transactionId}') = 'string')`;

/** SQL of `refundProblem(payment, 'iban') ?? bankAccountProblem(user)` being null on `p` and its user `u`. */
const ibanRefundable = (params: Params) =>
  `(p.amount_left_cents > 0 AND p.payment_type = ANY(${params.add(IBAN_REFUND_TYPES)}::text[]) AND u.id IS NOT NULL
    AND strpos(coalesce(u.email_value, ''), '_blocked_') = 0 AND ${validIbanSql(`u.doc #>> '{pay,iban}'`)})`;

/** The WHERE of completed payments matching a refund filter, on `payment p` joined with `"user" u`. */
export function refundWhere(companyId: string, filter: RefundFilter, params: Params): string {
  const conditions = [`p.company_id = ${params.add(companyId)}`, `p.state_id = 'completed'`, `NOT (p.payment_type = ANY(${params.add(REFUND_PAYMENT_TYPES)}::text[]))`];
  if (filter.leftover) conditions.push('p.amount_left_cents > 0');
  if (filter.year !== null) {
    conditions.push(`p.state_put_at_unix >= ${params.add(Date.UTC(filter.year, 0, 1) / 1000)} AND p.state_put_at_unix < ${params.add(Date.UTC(filter.year + 1, 0, 1) / 1000)}`);
  }
  if (filter.refundability === 'provider') conditions.push(providerRefundable(params));
  if (filter.refundability === 'iban') conditions.push(ibanRefundable(params));
  if (filter.refundability === 'none') conditions.push(`NOT coalesce(${providerRefundable(params)} OR ${ibanRefundable(params)}, false)`);
  if (filter.anonymous === 'exclude') conditions.push('u.email_anonymous IS NOT TRUE');
  if (filter.anonymous === 'only') conditions.push('u.email_anonymous IS TRUE');
  return conditions.join(' AND ');
}

const USER_PATHS = ['name.full', 'email.value', 'email.anonymous', 'pay.iban', 'pay.valid', 'pay.cardholder'];

/** The refund screen's table: completed payments with leftover credit, their user and how each can be refunded. */
@Injectable()
export class RefundListService {
  private readonly payment = findResource('payment')!;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async list(actor: Actor, query: Record<string, unknown>): Promise<{ rows: Doc[]; total: number }> {
    requireRight(actor, 'finance');
    const filter = parseRefundFilter(actor, query, { pageKeys: true });
    const start = Number(one(query._start) ?? 0);
    const end = Number(one(query._end) ?? start + 25);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) throw bad('_start', 'and _end must be row numbers');
    const sort = one(query._sort) ?? 'state.put.at.unix';
    if (!SORTS[sort]) throw bad('_sort', `must be one of ${Object.keys(SORTS).join(', ')}`);
    const order = (one(query._order) ?? 'desc').toLowerCase() === 'asc' ? 'ASC' : 'DESC';
    const params = new Params();
    const where = refundWhere(actor.companyId, filter, params);
    const from = 'FROM "payment" p LEFT JOIN "user" u ON u.company_id = p.company_id AND u.id = p.user_ref_user_id';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<StoredRecord & { user_id: string | null; user_doc: Doc | null }>(
        `SELECT p.id, p.doc, u.id AS user_id, u.doc AS user_doc ${from} WHERE ${where} ORDER BY ${SORTS[sort]} ${order} NULLS LAST, p.id ${order} LIMIT ${Math.min(end - start, MAX_PAGE)} OFFSET ${start}`,
        params.values,
      ),
      this.db.query<{ total: number }>(`SELECT count(*)::int AS total ${from} WHERE ${where}`, params.values),
    ]);
    return {
      total,
      rows: rows.map((row) => {
        const user = row.user_doc ?? undefined;
        const provider = refundProblem(row.doc, 'provider');
        const iban = refundProblem(row.doc, 'iban') ?? bankAccountProblem(user);
        return {
          ...toOutput(this.payment, row, actor.rights),
          userRef: { userId: row.user_id, user: user && { _id: row.user_id, ...pick(user, USER_PATHS) } },
          refundable: { provider: provider === null, iban: iban === null, ...(provider && { providerReason: provider }), ...(iban && { ibanReason: iban }) },
        };
      }),
    };
  }

  /** Ids of the payments matching a filter, for the bank file and bulk runs (at most `limit`). */
  async paymentIds(actor: Actor, filter: RefundFilter, limit = 100_000): Promise<string[]> {
    const params = new Params();
    const where = refundWhere(actor.companyId, filter, params);
    const rows = await this.db.query<{ id: string }>(
      `SELECT p.id FROM "payment" p LEFT JOIN "user" u ON u.company_id = p.company_id AND u.id = p.user_ref_user_id WHERE ${where} ORDER BY p.id LIMIT ${limit}`,
      params.values,
    );
    return rows.map((row) => row.id);
  }
}

