import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { newId } from '../../common/object-id';
import { APP_CONFIG } from '../../common/tokens';
import type { AppConfig } from '../../config';
import { DATABASE, type Database } from '../../database/database';
import { type BatchMessage, type BatchSendOutcome, ProviderRateLimited, ProviderUnavailable } from './batch-channel';
import { BatchChannels } from './batch-channels';
import { BatchMessages } from './batch-messages';
import * as store from './batch-store';

const HEARTBEAT_MS = 2000;
/** a worker not seen for this long is taken for dead and its claims are resolved by another */
const STALE_SECONDS = 10;
const IDLE_POLL_MS = 500;
const UNKNOWN_AFTER_INTERRUPTION = 'unknown-after-interruption';
/** provider id of items found accepted after an interruption (the provider's own id was not recorded) */
const RECOVERED = 'recovered-after-interruption';

/**
 * The batch sender: claims chunks of running batches from the database, renders and sends them, and records
 * each item's outcome. Runs inside the API (the default) or alone (`npm run worker`); any number may run
 * against one PostgreSQL server. Exactly once as seen by a recipient: see README.md beside this file.
 */
@Injectable()
export class BatchWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly id = `worker-${newId()}`;
  private running = false;
  private loops: Promise<void>[] = [];
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly channels: BatchChannels,
    private readonly messages: BatchMessages,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.batchWorker) this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const beat = () => store.heartbeat(this.db, this.id).catch((error) => console.error('batch worker heartbeat failed', error));
    void beat();
    this.heartbeatTimer = setInterval(beat, HEARTBEAT_MS);
    this.loops = Array.from({ length: this.config.batchWorkerConcurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.heartbeatTimer);
    this.wake?.();
    await Promise.all(this.loops);
    await store.forgetWorker(this.db, this.id).catch(() => undefined);
  }

  /** Starts looking for work now instead of at the next poll (after a run or resume). */
  nudge(): void {
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        await this.recover();
        worked = await this.step();
      } catch (error) {
        console.error('batch worker step failed', error);
      }
      if (!worked && this.running) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }

  /** One chunk of the next runnable batch; false when there was nothing to do. */
  async step(): Promise<boolean> {
    const batch = await store.nextRunnableBatch(this.db);
    if (!batch) return false;
    const claimId = newId();
    const items = await store.claimChunk(this.db, batch, claimId, this.id);
    if (items.length === 0) {
      await store.completeIfDrained(this.db, batch.id);
      return false;
    }
    const channel = this.channels.for(batch.kind);
    let rendered: Awaited<ReturnType<BatchMessages['render']>>;
    try {
      rendered = await this.messages.render(batch, items);
    } catch (error) {
      await store.requeueItems(this.db, batch.id, claimId);
      await store.setRunner(this.db, batch.id, 'paused', `render-failed: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
    const { messages, outcomes } = rendered;
    let sent: BatchSendOutcome[];
    try {
      sent = messages.length > 0 ? await channel.send(batch.company_id, claimId, messages) : [];
    } catch (error) {
      await this.failedCall(batch, claimId, items.map((item) => store.itemKey(batch.id, item.seq)), error);
      return true;
    }
    try {
      await this.finish(batch, claimId, outcomes, messages, sent);
    } catch (error) {
      // sent but not marked: the recovery asks the provider before anything is sent again
      await store.leaveForRecovery(this.db, batch.id, claimId).catch(() => undefined);
      throw error;
    }
    if (batch.pause_reason === 'rate-limited') await store.clearRateLimit(this.db, batch.id);
    await store.completeIfDrained(this.db, batch.id);
    return true;
  }

  /** The "mark after" and the message records, in one transaction. */
  private async finish(batch: store.BatchRow, claimId: string, outcomes: readonly store.ItemOutcome[], messages: readonly BatchMessage[], sent: readonly BatchSendOutcome[]): Promise<void> {
    const bySeq = new Map(messages.map((message) => [message.key, message.seq]));
    await this.db.transaction(async (tx) => {
      await store.finishItems(tx, batch.id, claimId, [
        ...outcomes,
        ...sent.map((outcome) => ({ seq: bySeq.get(outcome.key)!, state: outcome.state, reason: outcome.reason, providerId: outcome.providerId })),
      ]);
      await this.channels.for(batch.kind).record(tx, batch, messages, sent);
    });
  }

  /**
   * A failed call: what the provider did accept is marked done, the rest of the chunk returns to the queue, and
   * the run pauses (part 2 section 4); a 429 instead keeps it running after the provider's Retry-After.
   * When the provider cannot be asked either, the chunk is left to the recovery, which asks before resending.
   */
  private async failedCall(batch: store.BatchRow, claimId: string, keys: string[], error: unknown): Promise<void> {
    const channel = this.channels.for(batch.kind);
    if (error instanceof ProviderRateLimited) {
      await store.requeueItems(this.db, batch.id, claimId);
      await store.waitForRateLimit(this.db, batch.id, new Date(Date.now() + error.retryAfterMs));
      return;
    }
    const reason = `provider-unavailable: ${error instanceof Error ? error.message : String(error)}`;
    await store.setRunner(this.db, batch.id, 'paused', reason);
    if (error instanceof ProviderUnavailable && error.answered) {
      await store.requeueItems(this.db, batch.id, claimId);
      return;
    }
    let accepted: Set<string> | null;
    try {
      accepted = await channel.accepted(batch.company_id, claimId, keys);
    } catch {
      await store.leaveForRecovery(this.db, batch.id, claimId);
      return;
    }
    await this.resolve(batch, claimId, keys, accepted);
  }

  /**
   * Marks the accepted keys done (re-rendered, to record them as sent) and puts the others back in the queue;
   * with no answer from the provider, marks them error rather than risk a second message.
   */
  private async resolve(batch: store.BatchRow, claimId: string, keys: readonly string[], accepted: Set<string> | null): Promise<void> {
    if (accepted === null) {
      await store.finishItems(this.db, batch.id, claimId, keys.map((key) => ({ seq: store.seqOfKey(key), state: 'error', reason: UNKNOWN_AFTER_INTERRUPTION })));
      return;
    }
    const items = await store.claimedItems(this.db, batch.id, claimId, keys.filter((key) => accepted.has(key)).map(store.seqOfKey));
    if (items.length > 0) {
      const { messages } = await this.messages.render(batch, items);
      const sent = messages.map((message) => ({ key: message.key, state: 'done' as const, providerId: RECOVERED }));
      const unrendered = items.filter((item) => !messages.some((message) => message.seq === item.seq)).map((item) => ({ seq: item.seq, state: 'done' as const, providerId: RECOVERED }));
      await this.finish(batch, claimId, unrendered, messages, sent);
    }
    await store.requeueItems(this.db, batch.id, claimId);
  }

  private lastRecovery = 0;

  /**
   * Resolves claims left executing by a worker that died between marking and finishing: the provider is asked
   * which keys it accepted (done), the others go back to the queue. On PGlite only this process can hold the
   * database, so every other worker's claim is an orphan at once.
   */
  async recover(): Promise<void> {
    if (Date.now() - this.lastRecovery < HEARTBEAT_MS) return;
    this.lastRecovery = Date.now();
    const orphans = await store.orphanClaims(this.db, this.id, STALE_SECONDS, this.db.kind === 'pglite');
    for (const orphan of orphans) {
      if (!(await store.adoptClaim(this.db, orphan, this.id))) continue;
      const [batch] = await this.db.query<store.BatchRow>('SELECT * FROM batch WHERE id = $1', [orphan.batch_id]);
      const keys = orphan.seqs.map((seq) => store.itemKey(orphan.batch_id, seq));
      let accepted: Set<string> | null;
      try {
        accepted = await this.channels.for(batch!.kind).accepted(batch!.company_id, orphan.claim_id, keys);
      } catch (error) {
        await store.leaveForRecovery(this.db, orphan.batch_id, orphan.claim_id);
        console.error(`batch ${orphan.batch_id}: could not ask the provider about claim ${orphan.claim_id}, will ask again`, error);
        continue;
      }
      await this.resolve(batch!, orphan.claim_id, keys, accepted);
      await store.completeIfDrained(this.db, orphan.batch_id);
    }
  }
}
