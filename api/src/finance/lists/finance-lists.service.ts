import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import { Params, SEARCH_FOR_MORE, likePattern, requireIndexableSearch } from '../../records/list-query';
import type { Doc, StoredRecord } from '../../records/record-repository';
import { listedOutput, userSummary } from '../finance-output';
import { FinanceRollups } from '../overview/finance-rollups';
import { requireRight } from '../finance-rules';

const MAX_PAGE = 1000;
const one = (raw: unknown) => (Array.isArray(raw) ? raw[0] : raw);

function page(query: Record<string, unknown>): { limit: number; offset: number; order: 'ASC' | 'DESC' } {
  const start = Number(one(query._start) ?? 0);
  const end = Number(one(query._end) ?? start + 25);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) {
    throw new BadRequestException({ message: '_start and _end must be row numbers', errors: [{ field: '_start', message: 'must be a row number' }] });
  }
  return { limit: Math.min(end - start, MAX_PAGE), offset: start, order: String(one(query._order) ?? 'desc').toLowerCase() === 'asc' ? 'ASC' : 'DESC' };
}

/** [start, end] in unix seconds from a period in milliseconds. */
function period(query: Record<string, unknown>): [number, number] {
  const start = Number(one(query.start));
  const end = Number(one(query.end));
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new BadRequestException({ message: 'start and end must be times in milliseconds', errors: [{ field: 'start', message: 'must be a time in milliseconds' }] });
  }
  return [Math.ceil(start / 1000), Math.floor(end / 1000)];
}


/**
 * The tables of the finance screens for finance admins, who may not read users or products themselves:
 * payments and transactions of a period with the user's name, and the products of the editor.
 */
@Injectable()
export class FinanceListsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly rollups: FinanceRollups,
  ) {}

  /**
   * A page of the payments or transactions of a period (by state time), newest first unless asked otherwise,
   * each with its user, and the exact total (from the kept day totals: a year of a busy company is not counted row
   * by row for a page of 25).
   */
  private async periodPage(model: 'payment' | 'transaction', actor: Actor, query: Record<string, unknown>, state?: string) {
    const [from, to] = period(query);
    const { limit, offset, order } = page(query);
    const params = new Params();
    const conditions = [`r.company_id = ${params.add(actor.companyId)}`, `r.state_put_at_unix BETWEEN ${params.add(from)} AND ${params.add(to)}`];
    if (state) conditions.push(`r.state_id = ${params.add(state)}`);
    const where = conditions.join(' AND ');
    const [rows, total] = await Promise.all([
      this.db.query<StoredRecord & { user_id: string | null; user_doc: Doc }>(
        // of the user only what its summary shows, not the whole document of every row's user
        `SELECT r.id, r.doc, u.id AS user_id, jsonb_build_object('name', u.doc -> 'name', 'email', u.doc -> 'email') AS user_doc
         FROM "${model}" r LEFT JOIN "user" u ON u.company_id = r.company_id AND u.id = r.user_ref_user_id
         WHERE ${where} ORDER BY r.state_put_at_unix ${order}, r.id ${order} LIMIT ${limit} OFFSET ${offset}`,
        params.values,
      ),
      this.rollups.periodCount(model, actor.companyId, from, to, state ? [state] : null),
    ]);
    return {
      total,
      rows: rows.map((row) => ({ row, user: row.user_id ? userSummary({ id: row.user_id, doc: row.user_doc }) : null })),
    };
  }

  async payments(actor: Actor, query: Record<string, unknown>): Promise<{ rows: Doc[]; total: number }> {
    requireRight(actor, 'finance');
    const { rows, total } = await this.periodPage('payment', actor, query);
    return { total, rows: rows.map(({ row, user }) => ({ ...listedOutput('payment', row, actor), user })) };
  }

  async transactions(actor: Actor, query: Record<string, unknown>): Promise<{ rows: Doc[]; total: number }> {
    requireRight(actor, 'finance');
    const state = one(query.state);
    const { rows, total } = await this.periodPage('transaction', actor, query, typeof state === 'string' && state ? state : undefined);
    const items = (row: StoredRecord) => (Array.isArray(row.doc.productRef) ? (row.doc.productRef as Doc[]) : []);
    const productIds = [...new Set(rows.flatMap(({ row }) => items(row).map((item) => String(item.productId))))];
    const products = new Map((await this.products(actor.companyId, productIds)).map((product) => [product._id, product]));
    return {
      total,
      rows: rows.map(({ row, user }) => {
        const counts = new Map<string, number>();
        for (const item of items(row)) counts.set(String(item.productId), (counts.get(String(item.productId)) ?? 0) + 1);
        return {
          ...listedOutput('transaction', row, actor),
          user,
          products: [...counts].map(([productId, count]) => ({ productId, count, name: products.get(productId)?.name ?? null, image: products.get(productId)?.image ?? null })),
        };
      }),
    };
  }

  /** Products to pick from in the transaction product editor: name, price, image, by name. */
  async productChoices(actor: Actor, query: Record<string, unknown>): Promise<Doc[]> {
    requireRight(actor, 'finance');
    const search = String(one(query.q) ?? '').trim();
    const params = new Params();
    const conditions = [`company_id = ${params.add(actor.companyId)}`];
    if (search) {
      requireIndexableSearch('q', search, SEARCH_FOR_MORE);
      conditions.push(`doc #>> '{nameLocalized,full,en}' ILIKE ${params.add(likePattern(search))}`);
    }
    const rows = await this.db.query<StoredRecord>(`SELECT id, doc FROM "product" WHERE ${conditions.join(' AND ')} ORDER BY doc #>> '{nameLocalized,full,en}', id LIMIT 50`, params.values);
    return rows.map((row) => this.productSummary(row));
  }

  private async products(companyId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db.query<StoredRecord>('SELECT id, doc FROM "product" WHERE company_id = $1 AND id = ANY($2::text[])', [companyId, ids]);
    return rows.map((row) => this.productSummary(row));
  }

  private productSummary(row: StoredRecord) {
    return {
      _id: row.id,
      name: (getPath(row.doc, 'nameLocalized.full.en') ?? getPath(row.doc, 'nameLocalized.full.nl') ?? null) as string | null,
      price: { cents: Number(getPath(row.doc, 'price.cents') ?? 0) },
      image: (getPath(row.doc, 'image.profile') ?? null) as string | null,
    };
  }
}
