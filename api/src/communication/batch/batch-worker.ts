import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { newId } from '../../common/object-id';
import { shutdownSignal } from '../../common/process-lifecycle';
import { APP_CONFIG } from '../../common/tokens';
import type { AppConfig } from '../../config';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import { METRICS, type Metrics } from '../../metrics/metrics';
import { channelOffMessage, channelOn } from '../delivery/channel-service';
import { TemplateLimitError } from '../rendering/template-language';
import { type AcceptedLogAnswer, type BatchMessage, type BatchSendOutcome, ProviderRateLimited, ProviderUnavailable } from './batch-channel';
import { BatchChannels } from './batch-channels';
import { BatchMessages } from './batch-messages';
import * as store from './batch-store';

const HEARTBEAT_MS = 2000;
/** a worker not seen for this long is taken for dead and its claims are resolved by another */
const STALE_SECONDS = 10;
const IDLE_POLL_MS = 500;
/** provider id of items found accepted after an interruption (the provider's own id was not recorded) */
const RECOVERED = 'recovered-after-interruption';
/** why an item is uncertain: the provider keeps no log to ask (Expo), its log could not be read, or did not settle it */
const NO_PROVIDER_LOG = 'no-provider-log';
const LOG_UNREADABLE = 'provider-log-unreadable';
const LOG_UNCLEAR = 'provider-log-unclear';

/** Why a chunk that did not render pauses its batch: `render-limit: content.en line 1: stopped after 1 s, ...`. */
const renderPauseReason = (error: unknown) =>
  error instanceof TemplateLimitError ? `render-limit: ${error.message}` : `render-failed: ${error instanceof Error ? error.message : String(error)}`;

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
    @Inject(METRICS) private readonly metrics: Metrics | null,
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
    while (!this.handingBack) {
      let worked = false;
      try {
        await this.recover();
        worked = await this.step();
      } catch (error) {
        console.error('batch worker step failed', error);
      }
      // the embedded database answers within the same task: without a turn of the event loop between steps, a
      // worker with work would keep requests, timers and the shutdown from ever running
      await new Promise((resolve) => setImmediate(resolve));
      if (!worked && !this.handingBack) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }

  /** The worker stops: chunks claimed and not yet handed to the provider go back to the queue. */
  private get handingBack(): boolean {
    return !this.running || shutdownSignal.aborted;
  }

  /** One chunk of the next runnable batch; false when there was nothing to do. */
  async step(): Promise<boolean> {
    const batch = await store.nextRunnableBatch(this.db);
    if (!batch) return false;
    if (!channelOn(batch.kind)) {
      await store.setRunner(this.db, batch.id, 'paused', `service-off: ${channelOffMessage(batch.kind)}`);
      return true;
    }
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
      // a 503 is the render threads closing with the process: the chunk is handed back, not a failure
      if (!this.handingBack && !(error instanceof ServiceUnavailableException)) await store.setRunner(this.db, batch.id, 'paused', renderPauseReason(error));
      return true;
    }
    if (this.handingBack) {
      await store.requeueItems(this.db, batch.id, claimId);
      return true;
    }
    const { messages, outcomes } = rendered;
    let sent: BatchSendOutcome[];
    try {
      sent = messages.length > 0 ? await channel.send(batch.company_id, claimId, messages) : [];
    } catch (error) {
      await this.failedCall(batch, claimId, error);
      return true;
    }
    let rateLimited: boolean;
    try {
      rateLimited = await this.finish(batch, claimId, outcomes, messages, sent);
    } catch (error) {
      // sent but not marked: the recovery waits for the provider's log before anything is sent again
      await store.leaveForRecovery(this.db, batch.id, claimId).catch(() => undefined);
      throw error;
    }
    this.metrics?.countBatchMessages(batch.kind, 'sent', sent.filter((outcome) => outcome.state === 'done').length);
    this.metrics?.countBatchMessages(batch.kind, 'failed', [...outcomes, ...sent].filter((outcome) => outcome.state === 'error').length);
    if (!rateLimited && batch.pause_reason === 'rate-limited') await store.clearRateLimit(this.db, batch.id);
    await store.completeIfDrained(this.db, batch.id);
    return true;
  }

  /**
   * The "mark after" and the message records, in one transaction: final outcomes are marked, messages handed over
   * without an answer wait for the provider's log, and those refused for now (429) go back to the queue while the
   * batch waits the provider's Retry-After. Answers whether it has to wait.
   */
  private async finish(batch: store.BatchRow, claimId: string, outcomes: readonly store.ItemOutcome[], messages: readonly BatchMessage[], sent: readonly BatchSendOutcome[]): Promise<boolean> {
    const seqOf = new Map(messages.map((message) => [message.key, message.seq]));
    const seqsIn = (state: BatchSendOutcome['state']) => sent.filter((outcome) => outcome.state === state).map((outcome) => seqOf.get(outcome.key)!);
    const final = sent.filter((outcome) => outcome.state === 'done' || outcome.state === 'declined' || outcome.state === 'error');
    const retries = sent.filter((outcome) => outcome.state === 'retry');
    await this.db.transaction(async (tx) => {
      await store.finishItems(tx, batch.id, claimId, [
        ...outcomes,
        ...final.map((outcome) => ({ seq: seqOf.get(outcome.key)!, state: outcome.state as store.ItemOutcome['state'], reason: outcome.reason, providerId: outcome.providerId })),
      ]);
      await this.channels.for(batch.kind).record(tx, batch, messages, sent);
      const unanswered = seqsIn('uncertain');
      if (unanswered.length > 0) await this.awaitAcceptedLog(tx, batch, claimId, unanswered);
      if (retries.length > 0) {
        await store.requeueItems(tx, batch.id, claimId, seqsIn('retry'));
        await store.waitForRateLimit(tx, batch.id, new Date(Date.now() + Math.max(...retries.map((outcome) => outcome.retryAfterMs ?? 1000))));
      }
    });
    return retries.length > 0;
  }

  /**
   * A hand-off without an answer: the provider may have the messages. They wait, neither sent nor marked, until the
   * provider's log of them is complete; a provider without a log to ask leaves them to a person at once.
   */
  private async awaitAcceptedLog(db: Queryable, batch: store.BatchRow, claimId: string, seqs?: readonly number[]): Promise<void> {
    const log = this.channels.for(batch.kind).acceptedLog;
    if (log) await store.awaitAcceptedLog(db, batch.id, claimId, log.settleWindowMs(), seqs);
    else await store.markUncertain(db, batch.id, claimId, NO_PROVIDER_LOG, seqs);
  }

  /**
   * A failed call: the chunk returns to the queue and the run pauses (part 2 section 4); a 429 instead keeps it
   * running after the provider's Retry-After. When the call got no answer, the chunk waits for the provider's log.
   */
  private async failedCall(batch: store.BatchRow, claimId: string, error: unknown): Promise<void> {
    if (error instanceof ProviderRateLimited) {
      await store.requeueItems(this.db, batch.id, claimId);
      await store.waitForRateLimit(this.db, batch.id, new Date(Date.now() + error.retryAfterMs));
      return;
    }
    await store.setRunner(this.db, batch.id, 'paused', `provider-unavailable: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof ProviderUnavailable && error.answered) await store.requeueItems(this.db, batch.id, claimId);
    else await this.awaitAcceptedLog(this.db, batch, claimId);
  }

  /**
   * Once the provider's log is complete: the claim's messages it took are marked done (re-rendered, to record them as
   * sent), those it did not take go back to the queue, and any it cannot settle, or all when it cannot be read, go to
   * a person.
   */
  private async settleFromLog(batch: store.BatchRow, claimId: string, seqs: readonly number[]): Promise<void> {
    let messages: BatchMessage[];
    let answer: AcceptedLogAnswer;
    try {
      ({ messages } = await this.messages.render(batch, await store.claimedItems(this.db, batch.id, claimId, seqs)));
      answer = await this.channels.for(batch.kind).acceptedLog!.read(batch.company_id, claimId, messages);
    } catch (error) {
      console.error(`batch ${batch.id}: the provider's log of claim ${claimId} could not be read (or the claim not rendered again): its items go to a person`, error);
      await store.markUncertain(this.db, batch.id, claimId, LOG_UNREADABLE, seqs);
      return;
    }
    const accepted = messages.filter((message) => answer.accepted.has(message.key));
    if (accepted.length > 0) await this.finish(batch, claimId, [], accepted, accepted.map((message) => ({ key: message.key, state: 'done', providerId: RECOVERED })));
    const notAccepted = messages.filter((message) => answer.notAccepted.has(message.key)).map((message) => message.seq);
    if (notAccepted.length > 0) await store.requeueItems(this.db, batch.id, claimId, notAccepted);
    await store.markUncertain(this.db, batch.id, claimId, LOG_UNCLEAR, seqs);
  }

  private lastRecovery = 0;

  /**
   * Resolves claims no live worker holds: left executing by a worker that died between marking and finishing, or
   * waiting for the provider's log. A claim found for the first time waits for the log (its call may have reached the
   * provider); one whose wait is over is settled from the log. On PGlite only this process can hold the database, so
   * every other worker's claim is an orphan at once.
   */
  async recover(): Promise<void> {
    if (Date.now() - this.lastRecovery < HEARTBEAT_MS) return;
    this.lastRecovery = Date.now();
    const claims = await store.unresolvedClaims(this.db, this.id, STALE_SECONDS, this.db.kind === 'pglite');
    for (const claim of claims) {
      if (!(await store.adoptClaim(this.db, claim, this.id))) continue;
      const [batch] = await this.db.query<store.BatchRow>('SELECT * FROM batch WHERE id = $1', [claim.batch_id]);
      if (claim.settled) await this.settleFromLog(batch!, claim.claim_id, claim.seqs);
      else await this.awaitAcceptedLog(this.db, batch!, claim.claim_id);
      await store.completeIfDrained(this.db, claim.batch_id);
    }
  }
}
