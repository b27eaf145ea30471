import { Inject, Injectable } from '@nestjs/common';
import { type AuditDoor, type ResourceDef, findResource } from '@backoffice/resources';
import type { AuditChange } from '../audit/audit-diff';
import { DATABASE, type Database, type Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';

/** An audit entry as the audit service stored it. */
export interface AuditEntry {
  id: string;
  doc: {
    actorRef: { userId: string };
    at: { unix: number; date: string };
    model: string;
    recordId: string;
    action: 'create' | 'update' | 'archive' | 'unarchive' | 'delete';
    door?: AuditDoor;
    changes: AuditChange[];
  };
}

/** What the company's activity is narrowed to: a person, a model, a door; and the models the reader may see. */
export interface ActivityFilter {
  actorId?: string;
  model?: string;
  door?: AuditDoor;
  /** the models whose entries the reader may see */
  models: readonly string[];
  /** of those, models the reader reads only some records of (third-party access entries): the ids per model */
  scoped: ReadonlyMap<string, readonly string[]>;
  /** models of records that belong to one person (ResourceDef.owner): only the reader's own writes of them */
  ownedModels: readonly string[];
  readerId: string;
}

const auditTable = () => quote(tableName(findResource('auditLog')!));

/**
 * Reads of the audit log: a record's entries by the index of its record id, newest first, and the company's newest
 * entries. Entries are ordered by id, which starts with their time.
 */
@Injectable()
export class AuditEntries {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async ofRecord(def: ResourceDef, companyId: string, recordId: string, page: { offset: number; limit: number }): Promise<{ entries: AuditEntry[]; total: number }> {
    const where = `company_id = $1 AND record_id = $2 AND model = $3`;
    const params = [companyId, recordId, def.name];
    const [entries, [{ total }]] = await Promise.all([
      this.db.query<AuditEntry>(`SELECT id, doc FROM ${auditTable()} WHERE ${where} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`, params),
      this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${auditTable()} WHERE ${where}`, params),
    ]);
    return { entries, total };
  }

  /** One entry of a record and the entries written after it, newest first; none when the record has no such entry. */
  async sinceEntry(tx: Queryable, def: ResourceDef, companyId: string, recordId: string, entryId: string): Promise<{ entry: AuditEntry; newer: AuditEntry[] } | null> {
    const entries = await tx.query<AuditEntry>(
      `SELECT id, doc FROM ${auditTable()} WHERE company_id = $1 AND record_id = $2 AND model = $3 AND id >= $4 ORDER BY id DESC`,
      [companyId, recordId, def.name, entryId],
    );
    const entry = entries.at(-1);
    return entry?.id === entryId ? { entry, newer: entries.slice(0, -1) } : null;
  }

  /** The company's newest entries that pass the filter, one more than the page to tell whether more follow. */
  async ofCompany(companyId: string, filter: ActivityFilter, page: { offset: number; limit: number }): Promise<{ entries: AuditEntry[]; more: boolean }> {
    const params: unknown[] = [companyId, filter.models, filter.ownedModels, filter.readerId];
    const conditions = ['company_id = $1', 'model = ANY($2::text[])', '(model <> ALL($3::text[]) OR actor_ref_user_id = $4)'];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    for (const [model, ids] of filter.scoped) {
      params.push(model, ids);
      conditions.push(`(model <> $${params.length - 1} OR record_id = ANY($${params.length}::text[]))`);
    }
    if (filter.actorId) add((p) => `actor_ref_user_id = ${p}`, filter.actorId);
    if (filter.model) add((p) => `model = ${p}`, filter.model);
    if (filter.door) add((p) => `doc ->> 'door' = ${p}`, filter.door);
    const rows = await this.db.query<AuditEntry>(
      `SELECT id, doc FROM ${auditTable()} WHERE ${conditions.join(' AND ')} ORDER BY id DESC LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      params,
    );
    return { entries: rows.slice(0, page.limit), more: rows.length > page.limit };
  }
}
