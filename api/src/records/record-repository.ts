import { Inject, Injectable } from '@nestjs/common';
import type { ResourceDef } from '@backoffice/resources';
import { DATABASE, type Database, type Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';
import type { ListQuery } from './list-query';

export type Doc = Record<string, unknown>;
export interface StoredRecord {
  id: string;
  doc: Doc;
}

/** Company-scoped reads and writes of resource rows; every statement filters on company_id. */
@Injectable()
export class RecordRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  private where(companyId: string, query: ListQuery): { where: string; params: unknown[] } {
    const params = [...query.params, companyId];
    return { where: [`company_id = $${params.length}`, ...query.conditions].join(' AND '), params };
  }

  async page(def: ResourceDef, companyId: string, query: ListQuery): Promise<StoredRecord[]> {
    const { where, params } = this.where(companyId, query);
    return this.db.query<StoredRecord>(
      `SELECT id, doc FROM ${quote(tableName(def))} WHERE ${where} ORDER BY ${query.orderBy} LIMIT ${query.limit} OFFSET ${query.offset}`,
      params,
    );
  }

  async count(def: ResourceDef, companyId: string, query: ListQuery): Promise<number> {
    const { where, params } = this.where(companyId, query);
    const [{ total }] = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${quote(tableName(def))} WHERE ${where}`, params);
    return total;
  }

  async get(def: ResourceDef, companyId: string, id: string, tx: Queryable = this.db, forUpdate = false): Promise<StoredRecord | null> {
    const rows = await tx.query<StoredRecord>(
      `SELECT id, doc FROM ${quote(tableName(def))} WHERE company_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  async findByIds(def: ResourceDef, companyId: string, ids: readonly string[], tx: Queryable = this.db, forUpdate = false): Promise<StoredRecord[]> {
    if (ids.length === 0) return [];
    return tx.query<StoredRecord>(
      `SELECT id, doc FROM ${quote(tableName(def))} WHERE company_id = $1 AND id = ANY($2::text[])${forUpdate ? ' ORDER BY id FOR UPDATE' : ''}`,
      [companyId, ids],
    );
  }

  async insert(tx: Queryable, def: ResourceDef, companyId: string, id: string, doc: Doc): Promise<void> {
    await tx.query(`INSERT INTO ${quote(tableName(def))} (id, company_id, doc) VALUES ($1, $2, $3::jsonb)`, [id, companyId, JSON.stringify(doc)]);
  }

  async update(tx: Queryable, def: ResourceDef, companyId: string, id: string, doc: Doc): Promise<void> {
    await tx.query(`UPDATE ${quote(tableName(def))} SET doc = $3::jsonb WHERE company_id = $1 AND id = $2`, [companyId, id, JSON.stringify(doc)]);
  }

  async remove(tx: Queryable, def: ResourceDef, companyId: string, id: string): Promise<void> {
    await tx.query(`DELETE FROM ${quote(tableName(def))} WHERE company_id = $1 AND id = $2`, [companyId, id]);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
