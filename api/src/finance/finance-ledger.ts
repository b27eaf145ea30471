import { Injectable, NotFoundException } from '@nestjs/common';
import { type ResourceDef, findResource } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { newId } from '../common/object-id';
import type { Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';
import { type Doc, RecordRepository, type StoredRecord } from '../records/record-repository';
import { WritePipeline } from '../records/write-pipeline';
import { euros, momentNow } from './finance-rules';

const def = (name: string): ResourceDef => findResource(name)!;

/**
 * The writes of the finance rules, as domain writes through the one write pipeline: rows locked for update,
 * always inside the caller's database transaction. Lock order everywhere: transactions before payments, each
 * by id, so concurrent finance actions never deadlock.
 */
@Injectable()
export class FinanceLedger {
  readonly payment = def('payment');
  readonly transaction = def('transaction');
  readonly user = def('user');

  constructor(
    private readonly records: RecordRepository,
    private readonly pipeline: WritePipeline,
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

  async save(tx: Queryable, actor: Actor, model: ResourceDef, before: StoredRecord, after: Doc): Promise<StoredRecord> {
    return this.pipeline.writeOne(model, actor, { before, input: after, replaces: true }, { tx, domain: true });
  }

  async create(tx: Queryable, actor: Actor, model: ResourceDef, doc: Doc, id = newId()): Promise<StoredRecord> {
    return this.pipeline.writeOne(model, actor, { before: null, input: doc, id }, { tx, domain: true });
  }

  /** Many inserts in a few statements, with their audit entries (bank files of thousands of refunds). */
  async createMany(tx: Queryable, actor: Actor, model: ResourceDef, rows: readonly StoredRecord[]): Promise<void> {
    await this.pipeline.writeMany(model, actor, rows.map((row) => ({ before: null, input: row.doc, id: row.id })), { tx, domain: true });
  }

  /** Many updates in a few statements, with their audit entries. */
  async saveMany(tx: Queryable, actor: Actor, model: ResourceDef, changes: readonly { before: StoredRecord; after: Doc }[]): Promise<void> {
    await this.pipeline.writeMany(model, actor, changes.map(({ before, after }) => ({ before, input: after, replaces: true })), { tx, domain: true });
  }

  /** Originals of many refunds: less left and the refund listed. */
  async markRefunded(tx: Queryable, actor: Actor, entries: readonly { original: StoredRecord; refundId: string; cents: number }[]): Promise<void> {
    await this.saveMany(tx, actor, this.payment, entries.map(({ original, refundId, cents }) => ({ before: original, after: this.linkRefund(original.doc, refundId, cents) })));
  }

  /**
   * A refund payment paying `cents` of an original payment's credit back: negative amount, nothing
   * left, linked both ways (the caller saves the original with `linkRefund`).
   */
  refundDoc(original: StoredRecord, actor: Pick<Actor, 'userId' | 'companyId'>, options: { type: 'refund' | 'refund-cash'; state: 'completed' | 'pending'; cents: number; note?: string; paynl?: Doc; bank?: Doc }): Doc {
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
