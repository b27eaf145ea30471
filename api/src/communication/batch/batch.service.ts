import { Inject, Injectable } from '@nestjs/common';
import {
  BATCH_DECISIONS,
  BATCH_ITEM_STATES,
  BATCH_SIZES,
  type BatchDecision,
  type BatchGroup,
  type BatchItemRow,
  type BatchItemState,
  type BatchStatus,
  GROUP_OPTIONS,
  MISSING_PUSH_TOKEN,
  NEXT_NOT_FOUND,
  SCHEDULE_SLOT_SECONDS,
  batchSizeFor,
  isPlainObject,
  mayUseOption,
  scheduleSlots,
  templateKind,
  type UndecidedBatch,
} from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { conflict, forbidden, invalid, notFound } from '../../common/errors';
import { newId } from '../../common/object-id';
import { DATABASE, type Database } from '../../database/database';
import { RecordService } from '../../records/record.service';
import { requireChannel } from '../delivery/channel-service';
import { requireSender } from './batch-access';
import { BatchChannels } from './batch-channels';
import { resolveGroup, visibleGroupOptions } from './batch-groups';
import * as store from './batch-store';
import { BatchWorker } from './batch-worker';

const PLANNED_TYPES: Record<string, string> = { mail: 'scheduled-mail', sms: 'scheduled-sms', notification: 'scheduled-notification' };
const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function groupOf(body: unknown): BatchGroup | undefined {
  const group = isPlainObject(body) ? body.group : undefined;
  if (!isPlainObject(group)) return undefined;
  return { option: String(group.option ?? ''), ...(typeof group.value === 'string' && { value: group.value }) };
}

/** Batches: made from a group and a template, started, paused and planned here; sent by the BatchWorker. */
@Injectable()
export class BatchService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: RecordService,
    private readonly worker: BatchWorker,
    private readonly channels: BatchChannels,
  ) {}

  groupOptions(actor: Actor) {
    requireSender(actor);
    return visibleGroupOptions(actor);
  }

  async countGroup(actor: Actor, body: unknown): Promise<{ count: number }> {
    requireSender(actor);
    return { count: await store.countGroup(this.db, actor.companyId, resolveGroup(actor, groupOf(body))) };
  }

  /** A batch of the group's recipients with the template, paused until it is run. */
  async create(actor: Actor, body: unknown): Promise<BatchStatus> {
    requireSender(actor);
    const chosen = groupOf(body);
    const group = resolveGroup(actor, chosen);
    const input = isPlainObject(body) ? body : {};
    if (typeof input.templateId !== 'string') throw invalid('Choose a template', [{ field: 'templateId', message: 'is required' }]);
    const template = await this.records.get('template', actor, input.templateId);
    const kind = templateKind(String(template.format ?? ''));
    if (!kind) throw invalid('The template has no known format', [{ field: 'templateId', message: 'has no known format' }]);
    if (!this.channels.has(kind)) throw invalid(`Batches of ${kind} templates cannot be sent`, [{ field: 'templateId', message: `no batch channel for ${kind} templates` }]);
    requireChannel(kind);
    const chunkSize = this.chunkSize(actor, input.chunkSize, kind);
    const batchId = newId();
    await this.db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO batch (id, company_id, created_by, template_id, template, kind, chunk_size, total, group_option) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)',
        [batchId, actor.companyId, actor.userId, input.templateId, JSON.stringify(template), kind, chunkSize, chosen!.option],
      );
      const total = await store.insertItems(tx, actor.companyId, batchId, group);
      if (total === 0) throw invalid('The group is empty', [{ field: 'group', message: 'has no recipients' }]);
      await tx.query('UPDATE batch SET total = $2 WHERE id = $1', [batchId, total]);
    });
    return this.status(actor, batchId);
  }

  /** The batch size: a super admin may choose one of the sizes; everybody else gets the default of the kind. */
  private chunkSize(actor: Actor, requested: unknown, kind: string): number {
    if (requested === undefined || requested === null) return batchSizeFor(kind);
    if (!actor.rights.has('super')) throw forbidden('Only super admins choose the batch size');
    if (!(BATCH_SIZES as readonly unknown[]).includes(requested)) throw invalid('Unknown batch size', [{ field: 'chunkSize', message: `must be one of ${BATCH_SIZES.join(', ')}` }]);
    return requested as number;
  }

  private async found(actor: Actor, batchId: string): Promise<store.BatchRow> {
    requireSender(actor);
    const batch = await store.readBatch(this.db, actor.companyId, batchId);
    if (!batch) throw notFound('No such batch');
    return batch;
  }

  /** A batch to run, pause or decide on: for the roles that may make it with its group option (403 otherwise). */
  private async actedOn(actor: Actor, batchId: string): Promise<store.BatchRow> {
    const batch = await this.found(actor, batchId);
    const option = GROUP_OPTIONS.find((candidate) => candidate.id === batch.group_option);
    if (!actor.rights.has('super') && !(option && mayUseOption(option, actor.rights))) {
      throw forbidden(`Only the admins who may send to the group '${option?.label ?? 'of this batch'}' run, pause or decide on this batch${option ? `: it needs the rights ${option.roles.join(', ')}` : ''}`);
    }
    return batch;
  }

  async status(actor: Actor, batchId: string): Promise<BatchStatus> {
    const batch = await this.found(actor, batchId);
    const counts = Object.fromEntries(BATCH_ITEM_STATES.map((state) => [state, 0])) as Record<BatchItemState, number>;
    let notRegisteredForPush = 0;
    let invalidScheduledDate = 0;
    for (const row of await store.itemCounts(this.db, batch.id)) {
      counts[row.state] += row.count;
      if (row.reason === MISSING_PUSH_TOKEN) notRegisteredForPush += row.count;
      if (row.reason === NEXT_NOT_FOUND) invalidScheduledDate += row.count;
    }
    return {
      _id: batch.id,
      runner: batch.runner,
      pauseReason: batch.pause_reason,
      templateId: batch.template_id,
      kind: batch.kind,
      chunkSize: batch.chunk_size,
      total: batch.total,
      counts,
      notRegisteredForPush,
      invalidScheduledDate,
      settlingUntil: await store.settlingUntil(this.db, batch.id),
      deliverAt: unix(batch.deliver_at),
      workerTaskId: batch.worker_task_id,
      startedAt: unix(batch.started_at),
      completedAt: unix(batch.completed_at),
    };
  }

  /** The results table: one row per recipient, in the group's order, optionally of one state. */
  async items(actor: Actor, batchId: string, query: Record<string, unknown>): Promise<{ rows: BatchItemRow[]; total: number }> {
    const batch = await this.found(actor, batchId);
    const start = Math.max(0, Number(query._start ?? 0) || 0);
    const end = Math.min(start + 1000, Math.max(start, Number(query._end ?? start + 50) || start + 50));
    const state = typeof query.state === 'string' ? query.state : null;
    if (state !== null && !(BATCH_ITEM_STATES as readonly string[]).includes(state)) throw invalid('Unknown item state', [{ field: 'state', message: `must be one of ${BATCH_ITEM_STATES.join(', ')}` }]);
    const [rows, [count]] = await Promise.all([
      this.db.query<BatchItemRow>(
        `SELECT i.seq, i.state, i.reason, i.user_id AS "userId", COALESCE(u.name_full, i.recipient ->> 'name') AS name, COALESCE(u.email_value, i.recipient ->> 'email') AS email
         FROM batch_item i LEFT JOIN "user" u ON u.company_id = i.company_id AND u.id = i.user_id
         WHERE i.batch_id = $1 AND ($2::text IS NULL OR i.state = $2) ORDER BY i.seq LIMIT $3 OFFSET $4`,
        [batch.id, state, end - start, start],
      ),
      this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM batch_item WHERE batch_id = $1 AND ($2::text IS NULL OR state = $2)', [batch.id, state]),
    ]);
    return { rows, total: count!.count };
  }

  /**
   * Runs (or resumes) the batch now, or plans it in one of the 480 quarter-hour slots: a planned batch is a
   * planned communication (worker task) that can be cancelled under planned communications.
   */
  async run(actor: Actor, batchId: string, body: unknown): Promise<BatchStatus> {
    const batch = await this.actedOn(actor, batchId);
    if (batch.runner === 'completed' || batch.runner === 'cancelled') throw conflict(`The batch is ${batch.runner}`);
    requireChannel(batch.kind);
    const input = isPlainObject(body) ? body : {};
    if (input.chunkSize !== undefined) await this.db.query('UPDATE batch SET chunk_size = $2 WHERE id = $1', [batch.id, this.chunkSize(actor, input.chunkSize, batch.kind)]);
    const deliverAt = input.deliverAt;
    if (deliverAt !== undefined && deliverAt !== null) {
      if (batch.started_at) throw conflict('A batch that started cannot be planned');
      await this.plan(actor, batch, deliverAt);
    } else {
      await store.setRunner(this.db, batch.id, 'running', null);
      // a batch paused after its last chunk has nothing left to send
      await store.completeIfDrained(this.db, batch.id);
    }
    this.worker.nudge();
    return this.status(actor, batch.id);
  }

  private async plan(actor: Actor, batch: store.BatchRow, deliverAt: unknown): Promise<void> {
    const now = Date.now() / 1000;
    // every slot the slots route lists now, and the slot a page showed stays valid for the quarter hour it was the first one
    const slots = new Set([...scheduleSlots(now - SCHEDULE_SLOT_SECONDS), ...scheduleSlots(now)]);
    if (typeof deliverAt !== 'number' || !slots.has(deliverAt) || deliverAt <= now - SCHEDULE_SLOT_SECONDS) {
      throw invalid('Choose one of the planned sending slots', [{ field: 'deliverAt', message: 'must be one of the 480 quarter-hour slots from the next quarter hour' }]);
    }
    const recipients = await this.db.query<{ id: string }>(`SELECT COALESCE(user_id, recipient ->> 'email') AS id FROM batch_item WHERE batch_id = $1 ORDER BY seq`, [batch.id]);
    const subject = (batch.template.subject as { en?: string } | undefined)?.en || String((batch.template.name as { full?: string } | undefined)?.full ?? '');
    const task = await this.records.create('workerTask', actor, {
      next: deliverAt,
      routine: { active: true },
      actionMethod: {
        nameCommon: PLANNED_TYPES[batch.kind],
        nameUnique: subject,
        args: [recipients.map((row) => row.id), [{ subject, templateId: batch.template_id, batchId: batch.id }]],
      },
    });
    await this.db.query(`UPDATE batch SET runner = 'running', deliver_at = to_timestamp($2), worker_task_id = $3, pause_reason = NULL WHERE id = $1`, [batch.id, deliverAt, task._id]);
  }

  /** The company's batches with items waiting for a person's decision (the batch screen lists them to reopen). */
  async undecided(actor: Actor): Promise<UndecidedBatch[]> {
    requireSender(actor);
    return store.undecidedBatches(this.db, actor.companyId);
  }

  /**
   * A person's decision on the batch's uncertain items, `{decision, seqs?}` (all of them without seqs): `mark-sent`
   * marks them done without sending, `send-again` puts them back in the queue (sent when the batch runs).
   */
  async decide(actor: Actor, batchId: string, body: unknown): Promise<BatchStatus> {
    const batch = await this.actedOn(actor, batchId);
    const input = isPlainObject(body) ? body : {};
    if (!(BATCH_DECISIONS as readonly unknown[]).includes(input.decision)) throw invalid('Choose a decision', [{ field: 'decision', message: `must be one of ${BATCH_DECISIONS.join(', ')}` }]);
    const seqs = input.seqs ?? null;
    if (seqs !== null && !(Array.isArray(seqs) && seqs.length > 0 && seqs.length <= 1000 && seqs.every((seq) => Number.isInteger(seq) && seq > 0))) {
      throw invalid('Name the recipients by their numbers', [{ field: 'seqs', message: 'must be a list of 1 to 1000 item numbers, or left out for all' }]);
    }
    const decided = await store.decideUncertain(this.db, batch.id, input.decision as BatchDecision, seqs as number[] | null, actor.userId);
    if (decided === 0) throw conflict('None of these recipients waits for a decision');
    await store.completeIfDrained(this.db, batch.id);
    this.worker.nudge();
    return this.status(actor, batch.id);
  }

  async pause(actor: Actor, batchId: string): Promise<BatchStatus> {
    const batch = await this.actedOn(actor, batchId);
    if (batch.runner !== 'running' && batch.runner !== 'paused') throw conflict(`The batch is ${batch.runner}`);
    await store.setRunner(this.db, batch.id, 'paused', null);
    return this.status(actor, batch.id);
  }
}
