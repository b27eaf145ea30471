import { Injectable, NotFoundException } from '@nestjs/common';
import { type ResourceDef, findResource, getPath } from '@backoffice/resources';
import { auditDiff } from '../audit/audit-diff';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/actor';
import { newId } from '../common/object-id';
import { bulkInsert } from '../database/bulk-insert';
import { issueInChunks } from '../database/issue-in-chunks';
import type { Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';
import { type Doc, RecordRepository, type StoredRecord } from '../records/record-repository';
import { euros, momentNow, touched } from './finance-rules';

export type Writer = Pick<Actor, 'userId' | 'companyId'>;

const def = (name: string): ResourceDef => findResource(name)!;

async function insertRows(tx: Queryable, model: ResourceDef, companyId: string, rows: readonly StoredRecord[]): Promise<void> {
  await bulkInsert(tx, model, rows.map((row) => ({ id: row.id, companyId, doc: row.doc })));
}

/**
 * The writes of the finance rules: rows locked for update, every change audited, always inside the
 * caller's database transaction. Lock order everywhere: transactions before payments, each by id, so
 * concurrent finance actions never deadlock.
 */
@Injectable()
export class FinanceLedger {
  readonly payment = def('payment');
  readonly transaction = def('transaction');
  readonly user = def('user');

  constructor(
    private readonly records: RecordRepository,
    private readonly audit: AuditService,
  ) {}

  async lock(tx: Queryable, model: ResourceDef, companyId: string, id: string): Promise<StoredRecord> {
    const record = await this.records.get(model, companyId, id, tx, true);
    if (!record) throw new NotFoundException({ message: `No ${model.name} with id ${id}` });
    return record;
  }

  /** Rows of a model by id, locked in id order; ids of other companies are simply not found. */
  async lockMany(tx: Queryable, model: ResourceDef, companyId: string, ids: readonly string[], paths?: readonly string[]): Promise<StoredRecord[]> {
    if (ids.length === 0) return [];
    // `paths` (top-level keys) limits what comes back when only part of each document is needed
    const doc = paths ? `jsonb_build_object(${paths.map((path) => `'${path.replace(/'/g, "''")}', doc -> '${path.replace(/'/g, "''")}'`).join(', ')}) AS doc` : 'doc';
    return tx.query<StoredRecord>(
      `SELECT id, ${doc} FROM ${quote(tableName(model))} WHERE company_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE`,
      [companyId, [...new Set(ids)]],
    );
  }

  async save(tx: Queryable, actor: Writer, model: ResourceDef, before: StoredRecord, after: Doc): Promise<StoredRecord> {
    const doc = touched(after);
    await this.records.update(tx, model, actor.companyId, before.id, doc);
    await this.audit.record(tx, actor, model, before.id, 'update', before.doc, doc);
    return { id: before.id, doc };
  }

  async create(tx: Queryable, actor: Writer, model: ResourceDef, doc: Doc, id = newId()): Promise<StoredRecord> {
    await this.records.insert(tx, model, actor.companyId, id, doc);
    await this.audit.record(tx, actor, model, id, 'create', null, doc);
    return { id, doc };
  }

  /**
   * Many inserts in a few statements, with their audit entries (bank files of thousands of refunds). Like
   * the other bulk writes, it issues its statements without waiting for each, so several bulk writes on one
   * transaction keep the database busy while the caller goes on.
   */
  async createMany(tx: Queryable, actor: Writer, model: ResourceDef, rows: readonly StoredRecord[]): Promise<void> {
    await issueInChunks(rows, (chunk) => [
      // the entries are made from the inserted rows, so they follow the insert
      insertRows(tx, model, actor.companyId, chunk).then(() => this.audit.recordCreatedRows(tx, actor, model, chunk.map((row) => row.id))),
    ]);
  }

  /**
   * Many updates in a few statements, with their audit entries. The ids travel twice: as a list, they let the
   * planner read just those rows by index; joined on the JSON alone it may read all the company's rows for
   * every chunk (it cannot know the JSON holds 2 000 of them).
   */
  async saveMany(tx: Queryable, actor: Writer, model: ResourceDef, changes: readonly { before: StoredRecord; after: Doc }[]): Promise<void> {
    const now = Date.now();
    await issueInChunks(changes, (chunk) => {
      const rows = chunk.map(({ before, after }) => ({ before, after: touched(after, now) }));
      return [
        tx.query(
          `UPDATE ${quote(tableName(model))} AS t SET doc = v -> 'doc' FROM jsonb_array_elements($2::jsonb) AS v
           WHERE t.company_id = $1 AND t.id = ANY($3::text[]) AND t.id = v ->> 'id'`,
          [actor.companyId, JSON.stringify(rows.map((row) => ({ id: row.before.id, doc: row.after }))), rows.map((row) => row.before.id)],
        ),
        this.audit.recordMany(tx, actor, model, rows.map((row) => ({ recordId: row.before.id, action: 'update' as const, changes: auditDiff(model, row.before.doc, row.after) }))),
      ];
    });
  }

  /**
   * Originals of many refunds: nothing left and the refund listed. Only the changed parts travel to the
   * database (the documents stay where they are); the audit entries hold the same changes.
   */
  async markRefunded(tx: Queryable, actor: Writer, entries: readonly { original: StoredRecord; refundId: string; cents: number }[]): Promise<void> {
    const now = Date.now();
    await issueInChunks(entries, (chunk) => {
      const changes = chunk.map(({ original, refundId, cents }) => ({ before: original, after: touched(this.linkRefund(original.doc, refundId, cents), now) }));
      return [
        tx.query(
          `UPDATE "payment" AS t SET doc = jsonb_set(jsonb_set(t.doc, '{amountLeft}', v -> 'left_value'), '{refundRef}', v -> 'refunds')
             || jsonb_build_object('meta', coalesce(t.doc -> 'meta', '{}'::jsonb) || jsonb_build_object('updatedAt', v -> 'updated'))
           FROM jsonb_array_elements($2::jsonb) AS v WHERE t.company_id = $1 AND t.id = ANY($3::text[]) AND t.id = v ->> 'id'`,
          [
            actor.companyId,
            JSON.stringify(changes.map(({ before, after }) => ({ id: before.id, left_value: after.amountLeft, refunds: after.refundRef, updated: (after.meta as Doc).updatedAt }))),
            changes.map(({ before }) => before.id),
          ],
        ),
        this.audit.recordMany(tx, actor, this.payment, changes.map(({ before, after }) => ({
          recordId: before.id,
          action: 'update' as const,
          // the same entries auditDiff gives for these three paths, without walking the whole documents
          changes: (['amountLeft.cents', 'meta.updatedAt', 'refundRef'] as const)
            .map((path) => ({ path, old: getPath(before.doc, path) ?? null, new: getPath(after, path) ?? null }))
            .filter((change) => JSON.stringify(change.old) !== JSON.stringify(change.new)),
        }))),
      ];
    });
  }

  /**
   * A refund payment paying `cents` of an original payment's credit back: negative amount, nothing
   * left, linked both ways (the caller saves the original with `linkRefund`).
   */
  refundDoc(original: StoredRecord, actor: Writer, options: { type: 'refund' | 'refund-cash'; state: 'completed' | 'pending'; cents: number; note?: string; paynl?: Doc; bank?: Doc }): Doc {
    const put = { at: momentNow(), by: actor.userId };
    return {
      name: { full: `Refund ${euros(options.cents)}` },
      paymentType: options.type,
      state: { id: options.state, put },
      stateHistory: [{ id: options.state, put }],
      amount: { cents: -options.cents },
      amountLeft: { cents: 0 },
      userRef: { userId: (original.doc.userRef as Doc | undefined)?.userId },
      companyRef: { companyId: actor.companyId },
      refundOfRef: { paymentId: original.id },
      ...(options.note && { note: options.note }),
      meta: { createdAt: put.at.unix, updatedAt: put.at.unix, ...(options.paynl && { paynl: options.paynl }), ...(options.bank && { bank: options.bank }) },
    };
  }

  /** The original after a refund of `cents`: less left, the refund listed. */
  linkRefund(original: Doc, refundId: string, cents: number): Doc {
    const left = Number((original.amountLeft as Doc | undefined)?.cents ?? 0);
    const refunds = Array.isArray(original.refundRef) ? original.refundRef : [];
    return { ...original, amountLeft: { cents: left - cents }, refundRef: [...refunds, { paymentId: refundId }] };
  }
}
