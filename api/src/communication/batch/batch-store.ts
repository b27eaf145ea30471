import { createHash } from 'node:crypto';
import { type BatchDecision, type BatchItemState, type BatchRunnerState, MARKED_AS_SENT, NEXT_NOT_FOUND, type UndecidedBatch } from '@backoffice/resources';
import type { Queryable } from '../../database/database';
import type { ChannelKind } from '../delivery/channel-service';
import { REACHABLE_USER, type ResolvedGroup } from './batch-groups';

export interface BatchRow {
  id: string;
  company_id: string;
  created_by: string;
  template_id: string;
  template: Record<string, unknown>;
  kind: ChannelKind;
  /** the group option it was made with; null for batches made before it was kept */
  group_option: string | null;
  chunk_size: number;
  runner: BatchRunnerState;
  pause_reason: string | null;
  retry_at: Date | null;
  deliver_at: Date | null;
  worker_task_id: string | null;
  total: number;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface ClaimedItem {
  seq: number;
  user_id: string | null;
  recipient: Record<string, unknown>;
}

/** The idempotency key of an item: the same on every attempt, so the provider can tell a retry. */
export const itemKey = (batchId: string, seq: number) => `${batchId}-${seq}`;
/** A statement's condition on the seqs in parameter `param`: those, or all when it is null. */
const seqsFilter = (param: number) => `($${param}::int[] IS NULL OR seq = ANY($${param}::int[]))`;

/**
 * The id of the message record (communicationMail, communicationSms) of an item: made from its key, so the id
 * that travels to the provider (and returns in its webhooks) is the same on every attempt and after a restart.
 * Like every id it starts with a creation time, the batch's.
 */
export const messageRecordId = (key: string) => key.slice(0, 8) + createHash('sha256').update(key).digest('hex').slice(0, 16);

/** Items a group holds, counted or stored, straight in the database (a group of 100 000 never passes through memory). */
export async function countGroup(db: Queryable, companyId: string, group: ResolvedGroup): Promise<number> {
  if (group.kind === 'manual') {
    const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM (${manualRecipients(2)}) r`, [companyId, JSON.stringify(group.recipients)]);
    return row!.count;
  }
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM "user" u WHERE ${REACHABLE_USER} AND ${group.where}`, [companyId, ...group.params]);
  return row!.count;
}

/** Manual entries as rows, without those that name an anonymous or archived user of the company (by id or by email). */
function manualRecipients(param: number): string {
  return `SELECT r.value AS recipient, r.ordinality AS ordinality, known.id AS user_id FROM jsonb_array_elements($${param}::jsonb) WITH ORDINALITY AS r
    LEFT JOIN "user" known ON known.company_id = $1 AND known.id = r.value ->> 'modelId'
    WHERE NOT EXISTS (SELECT 1 FROM "user" a WHERE a.company_id = $1 AND (a.email_anonymous IS TRUE OR a.meta_archived IS TRUE)
      AND (a.id = r.value ->> 'modelId' OR a.email_value = r.value ->> 'email'))`;
}

/** Stores the items of a new batch (seq from 1 in the group's order) and answers how many there are. */
export async function insertItems(tx: Queryable, companyId: string, batchId: string, group: ResolvedGroup): Promise<number> {
  if (group.kind === 'manual') {
    const rows = await tx.query(
      `INSERT INTO batch_item (batch_id, seq, company_id, user_id, recipient)
       SELECT $3, row_number() OVER (ORDER BY m.ordinality), $1, m.user_id, m.recipient FROM (${manualRecipients(2)}) m RETURNING seq`,
      [companyId, JSON.stringify(group.recipients), batchId],
    );
    return rows.length;
  }
  const batchParam = group.params.length + 2;
  const [row] = await tx.query<{ count: number }>(
    `WITH inserted AS (INSERT INTO batch_item (batch_id, seq, company_id, user_id, recipient)
       SELECT $${batchParam}, row_number() OVER (ORDER BY u.id), $1, u.id, '{}'::jsonb FROM "user" u WHERE ${REACHABLE_USER} AND ${group.where} RETURNING 1)
     SELECT count(*)::int AS count FROM inserted`,
    [companyId, ...group.params, batchId],
  );
  return row!.count;
}

export async function readBatch(db: Queryable, companyId: string, batchId: string): Promise<BatchRow | undefined> {
  const [row] = await db.query<BatchRow>('SELECT * FROM batch WHERE company_id = $1 AND id = $2', [companyId, batchId]);
  return row;
}

export async function itemCounts(db: Queryable, batchId: string): Promise<{ state: BatchItemState; reason: string | null; count: number }[]> {
  return db.query('SELECT state, reason, count(*)::int AS count FROM batch_item WHERE batch_id = $1 GROUP BY state, reason', [batchId]);
}

/**
 * Claims the next chunk of ready items and marks them executing under a claim id, committed before any
 * provider call (the "mark before"): a crash after this leaves them executing for the recovery to resolve.
 */
export async function claimChunk(db: Queryable, batch: Pick<BatchRow, 'id' | 'chunk_size'>, claimId: string, workerId: string): Promise<ClaimedItem[]> {
  // MATERIALIZED: a LIMIT subquery joined in the UPDATE may be rescanned, and with SKIP LOCKED each rescan takes more rows
  return db.query<ClaimedItem>(
    `WITH next AS MATERIALIZED (SELECT seq FROM batch_item WHERE batch_id = $1 AND state = 'ready' ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE batch_item i SET state = 'executing', claim_id = $3, claimed_by = $4 FROM next
     WHERE i.batch_id = $1 AND i.seq = next.seq
     RETURNING i.seq, i.user_id, i.recipient`,
    [batch.id, batch.chunk_size, claimId, workerId],
  );
}

export interface ItemOutcome {
  seq: number;
  state: Exclude<BatchItemState, 'ready' | 'executing'>;
  reason?: string;
  providerId?: string;
}

/** Items of a claim still executing (to resolve an interrupted one). */
export async function claimedItems(db: Queryable, batchId: string, claimId: string, seqs: readonly number[]): Promise<ClaimedItem[]> {
  return db.query<ClaimedItem>(
    `SELECT seq, user_id, recipient FROM batch_item WHERE batch_id = $1 AND claim_id = $2 AND state = 'executing' AND seq = ANY($3::int[]) ORDER BY seq`,
    [batchId, claimId, seqs],
  );
}

/** The "mark after": each item of the claim gets its outcome (only while the claim still holds it). */
export async function finishItems(db: Queryable, batchId: string, claimId: string, outcomes: readonly ItemOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.query(
    `UPDATE batch_item i SET state = o.state, reason = o.reason, provider_id = o.provider_id, finished_at = now(), settles_at = NULL
     FROM jsonb_to_recordset($3::jsonb) AS o(seq int, state text, reason text, provider_id text)
     WHERE i.batch_id = $1 AND i.seq = o.seq AND i.claim_id = $2 AND i.state = 'executing'`,
    [batchId, claimId, JSON.stringify(outcomes.map((outcome) => ({ seq: outcome.seq, state: outcome.state, reason: outcome.reason ?? null, provider_id: outcome.providerId ?? null })))],
  );
}

/** Puts a claim's items back in the queue (the spec's "the chunk returns to the queue"), or only these seqs. */
export async function requeueItems(db: Queryable, batchId: string, claimId: string, seqs?: readonly number[]): Promise<void> {
  await db.query(
    `UPDATE batch_item SET state = 'ready', claim_id = NULL, claimed_by = NULL, settles_at = NULL
     WHERE batch_id = $1 AND claim_id = $2 AND state = 'executing' AND ${seqsFilter(3)}`,
    [batchId, claimId, seqs ?? null],
  );
}

/** Hands a claim whose outcome is unknown to the recovery (claimed by nobody alive), which waits for the provider's log. */
export async function leaveForRecovery(db: Queryable, batchId: string, claimId: string): Promise<void> {
  await db.query(`UPDATE batch_item SET claimed_by = 'unresolved' WHERE batch_id = $1 AND claim_id = $2 AND state = 'executing'`, [batchId, claimId]);
}

/**
 * A claim's items (or these seqs) whose hand-off got no answer wait, still executing and held by no worker, until the
 * provider's log of them is complete: `windowMs` from now, which is after the call (it was made before we knew).
 */
export async function awaitAcceptedLog(db: Queryable, batchId: string, claimId: string, windowMs: number, seqs?: readonly number[]): Promise<void> {
  await db.query(
    `UPDATE batch_item SET claimed_by = 'awaiting-log', settles_at = now() + make_interval(secs => $3::double precision / 1000)
     WHERE batch_id = $1 AND claim_id = $2 AND state = 'executing' AND ${seqsFilter(4)}`,
    [batchId, claimId, windowMs, seqs ?? null],
  );
}

/** A claim's items (or these seqs) the provider could not settle, for a person to decide (never sent again by themselves). */
export async function markUncertain(db: Queryable, batchId: string, claimId: string, reason: string, seqs?: readonly number[]): Promise<void> {
  await db.query(
    `UPDATE batch_item SET state = 'uncertain', reason = $3, claimed_by = NULL, settles_at = NULL, finished_at = now()
     WHERE batch_id = $1 AND claim_id = $2 AND state = 'executing' AND ${seqsFilter(4)}`,
    [batchId, claimId, reason, seqs ?? null],
  );
}

export interface UnresolvedClaim {
  batch_id: string;
  claim_id: string;
  claimed_by: string | null;
  /** its items waited for the provider's log and that wait is over (else: just found, the wait has to begin) */
  settled: boolean;
  seqs: number[];
}

/**
 * Claims to resolve: held by workers that stopped saying they are alive (all but `workerId` when `othersAreDead`), or
 * by none, leaving out those still waiting for the provider's log.
 */
export async function unresolvedClaims(db: Queryable, workerId: string, staleSeconds: number, othersAreDead: boolean): Promise<UnresolvedClaim[]> {
  return db.query<UnresolvedClaim>(
    `SELECT batch_id, claim_id, claimed_by, settles_at IS NOT NULL AS settled, array_agg(seq ORDER BY seq) AS seqs FROM batch_item
     WHERE state = 'executing' AND claimed_by IS DISTINCT FROM $1 AND (settles_at IS NULL OR settles_at <= now())
       AND ($3 OR claimed_by IS NULL OR claimed_by NOT IN (SELECT id FROM batch_worker WHERE seen_at > now() - make_interval(secs => $2)))
     GROUP BY batch_id, claim_id, claimed_by, settles_at IS NOT NULL`,
    [workerId, staleSeconds, othersAreDead],
  );
}

/** Takes a claim over unless another worker took it since it was read, so that two workers never resolve the same one. */
export async function adoptClaim(db: Queryable, claim: UnresolvedClaim, workerId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE batch_item SET claimed_by = $3 WHERE batch_id = $1 AND claim_id = $2 AND state = 'executing' AND claimed_by IS NOT DISTINCT FROM $4 RETURNING seq`,
    [claim.batch_id, claim.claim_id, workerId, claim.claimed_by],
  );
  return rows.length > 0;
}

/** The latest moment (unix seconds) an item of the batch waits for the provider's log until; null when none waits. */
export async function settlingUntil(db: Queryable, batchId: string): Promise<number | null> {
  const [row] = await db.query<{ until: number | null }>(`SELECT extract(epoch FROM max(settles_at))::int AS until FROM batch_item WHERE batch_id = $1 AND state = 'executing'`, [batchId]);
  return row?.until ?? null;
}

/**
 * A person's decision on uncertain items (these seqs, or all): marked as sent (done, nothing sent), or sent again
 * (back to the queue). Answers how many items it changed.
 */
export async function decideUncertain(db: Queryable, batchId: string, decision: BatchDecision, seqs: readonly number[] | null, userId: string): Promise<number> {
  const rows = await db.query(
    decision === 'mark-sent'
      ? `UPDATE batch_item SET state = 'done', reason = '${MARKED_AS_SENT}', decided_by = $3, finished_at = now() WHERE batch_id = $1 AND state = 'uncertain' AND ${seqsFilter(2)} RETURNING seq`
      : `UPDATE batch_item SET state = 'ready', reason = NULL, claim_id = NULL, claimed_by = NULL, finished_at = NULL, decided_by = $3 WHERE batch_id = $1 AND state = 'uncertain' AND ${seqsFilter(2)} RETURNING seq`,
    [batchId, seqs, userId],
  );
  return rows.length;
}

/** The company's batches with items waiting for a person's decision, newest first. */
export async function undecidedBatches(db: Queryable, companyId: string): Promise<UndecidedBatch[]> {
  return db.query<UndecidedBatch>(
    `SELECT b.id AS "_id", b.kind, COALESCE(b.template #>> '{name,full}', '') AS "templateName", extract(epoch FROM b.created_at)::int AS "createdAt", count(*)::int AS uncertain
     FROM batch b JOIN batch_item i ON i.batch_id = b.id AND i.state = 'uncertain'
     WHERE b.company_id = $1 GROUP BY b.id ORDER BY b.created_at DESC LIMIT 100`,
    [companyId],
  );
}

export async function heartbeat(db: Queryable, workerId: string): Promise<void> {
  await db.query('INSERT INTO batch_worker (id, seen_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET seen_at = now()', [workerId]);
  await db.query(`DELETE FROM batch_worker WHERE seen_at < now() - interval '1 day'`);
}

export async function forgetWorker(db: Queryable, workerId: string): Promise<void> {
  await db.query('DELETE FROM batch_worker WHERE id = $1', [workerId]);
}

/**
 * The oldest running batch that is due, not waiting for a rate limit and has ready items. Planned batches whose planned
 * communication was cancelled (its worker task archived) are cancelled first; those whose task is gone end with
 * their items in error next-not-found.
 */
export async function nextRunnableBatch(db: Queryable): Promise<BatchRow | undefined> {
  await db.query(
    `UPDATE batch b SET runner = 'cancelled', completed_at = now() FROM worker_task t
     WHERE b.runner = 'running' AND b.worker_task_id = t.id AND t.company_id = b.company_id AND t.meta_archived IS TRUE`,
  );
  // a planned batch whose planned communication is gone has no valid date to run at (the spec's next-not-found); one
  // statement, so nobody sees it completed with its items still ready
  await db.query(
    `WITH orphaned AS (
       UPDATE batch b SET runner = 'completed', completed_at = now() WHERE b.runner = 'running' AND b.worker_task_id IS NOT NULL AND b.deliver_at <= now()
         AND NOT EXISTS (SELECT 1 FROM worker_task t WHERE t.company_id = b.company_id AND t.id = b.worker_task_id) RETURNING b.id
     )
     UPDATE batch_item SET state = 'error', reason = $1, finished_at = now() WHERE batch_id IN (SELECT id FROM orphaned) AND state = 'ready'`,
    [NEXT_NOT_FOUND],
  );
  const [row] = await db.query<BatchRow>(
    `SELECT * FROM batch b WHERE runner = 'running' AND (deliver_at IS NULL OR deliver_at <= now()) AND (retry_at IS NULL OR retry_at <= now())
       AND EXISTS (SELECT 1 FROM batch_item i WHERE i.batch_id = b.id AND i.state = 'ready')
     ORDER BY created_at, id LIMIT 1`,
  );
  return row;
}

/** Completes a batch whose queue is empty: no ready or executing item, and none waiting for a person's decision. */
export async function completeIfDrained(db: Queryable, batchId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE batch SET runner = 'completed', completed_at = now(), pause_reason = NULL WHERE id = $1 AND runner = 'running'
       AND NOT EXISTS (SELECT 1 FROM batch_item WHERE batch_id = $1 AND state IN ('ready', 'executing', 'uncertain')) RETURNING id`,
    [batchId],
  );
  return rows.length > 0;
}

export async function setRunner(db: Queryable, batchId: string, runner: BatchRunnerState, pauseReason: string | null): Promise<void> {
  await db.query('UPDATE batch SET runner = $2, pause_reason = $3, retry_at = NULL, started_at = COALESCE(started_at, CASE WHEN $2 = \'running\' THEN now() END) WHERE id = $1', [batchId, runner, pauseReason]);
}

/** A rate limit: the batch keeps running but no worker takes it up before `retryAt`. */
export async function waitForRateLimit(db: Queryable, batchId: string, retryAt: Date): Promise<void> {
  await db.query(`UPDATE batch SET retry_at = $2, pause_reason = 'rate-limited' WHERE id = $1`, [batchId, retryAt]);
}

export async function clearRateLimit(db: Queryable, batchId: string): Promise<void> {
  await db.query(`UPDATE batch SET retry_at = NULL, pause_reason = NULL WHERE id = $1 AND pause_reason = 'rate-limited'`, [batchId]);
}
