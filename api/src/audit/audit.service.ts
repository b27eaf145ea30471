import { Injectable } from '@nestjs/common';
import { type AuditDoor, type ResourceDef, findResource } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { newId } from '../common/object-id';
import { bulkInsert } from '../database/bulk-insert';
import type { Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';
import { RecordRepository } from '../records/record-repository';
import { type AuditChange, auditDiff, secretPaths } from './audit-diff';

export type AuditAction = 'create' | 'update' | 'archive' | 'unarchive' | 'delete';
type Writer = Pick<Actor, 'userId' | 'companyId'>;

/** The fields every entry shares: who and when, through which door, and which model. */
function entryHead(actor: Writer, door: AuditDoor, def: ResourceDef, now: Date) {
  return { actorRef: { userId: actor.userId }, at: { unix: Math.floor(now.getTime() / 1000), date: now.toISOString() }, door, model: def.name };
}

/** Writes an audit entry for every write, inside the write's own transaction. */
@Injectable()
export class AuditService {
  private readonly auditLog = findResource('auditLog');

  constructor(private readonly records: RecordRepository) {}

  private audited(def: ResourceDef): boolean {
    return !!this.auditLog && def.name !== 'auditLog';
  }

  async record(tx: Queryable, actor: Writer, door: AuditDoor, def: ResourceDef, recordId: string, action: AuditAction, before: unknown, after: unknown): Promise<void> {
    if (!this.audited(def)) return;
    const now = new Date();
    await this.records.insert(tx, this.auditLog!, actor.companyId, newId(now), { ...entryHead(actor, door, def, now), recordId, action, changes: auditDiff(def, before, after) });
  }

  /** Entries of many writes in one statement; the caller has worked out their changes. */
  async recordMany(tx: Queryable, actor: Writer, door: AuditDoor, def: ResourceDef, entries: readonly { recordId: string; action: AuditAction; changes: AuditChange[] }[]): Promise<void> {
    if (!this.audited(def) || entries.length === 0) return;
    const now = new Date();
    const head = entryHead(actor, door, def, now);
    await bulkInsert(tx, this.auditLog!, entries.map((entry) => ({ id: newId(now), companyId: actor.companyId, doc: { ...head, ...entry } })));
  }

  /**
   * The create entries of rows just inserted in this transaction, made by the database from the rows
   * themselves, the same as `record` makes them: of thousands of new documents only their ids travel. The
   * id list lets the planner read just those rows (it cannot know how many a company has just inserted).
   */
  async recordCreatedRows(tx: Queryable, actor: Writer, door: AuditDoor, def: ResourceDef, recordIds: readonly string[]): Promise<void> {
    if (!this.audited(def) || recordIds.length === 0) return;
    // redacting is done in one place, auditDiff; models with secrets are audited one record at a time
    if (secretPaths(def).length > 0) throw new Error(`${def.name} has secret fields: audit its creates with record()`);
    const now = new Date();
    // Each entry is the template with its record's id and document set in: building it with jsonb_build_object
    // takes every document apart and puts it together again, 2.5 times as long for 10 000 payments (130 against
    // 55 ms).
    const template = { ...entryHead(actor, door, def, now), recordId: null, action: 'create', changes: [{ path: '', old: null, new: null }] };
    await tx.query(
      `INSERT INTO ${quote(tableName(this.auditLog!))} (id, company_id, doc)
       SELECT entry.id, t.company_id, jsonb_set(jsonb_set($3::jsonb, '{recordId}', to_jsonb(t.id)), '{changes,0,new}', t.doc)
       FROM unnest($2::text[], $4::text[]) AS entry(id, record_id) JOIN ${quote(tableName(def))} AS t ON t.company_id = $1 AND t.id = entry.record_id
       WHERE t.id = ANY($4::text[])`,
      [actor.companyId, recordIds.map(() => newId(now)), JSON.stringify(template), recordIds],
    );
  }
}
