import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WEBHOOK_HEADERS, type WebhookAttempt, type WebhookPayload } from '@backoffice/resources';
import { newId } from '../common/object-id';
import { shutdownSignal } from '../common/process-lifecycle';
import { APP_CONFIG } from '../common/tokens';
import type { AppConfig } from '../config';
import { DATABASE, type Database } from '../database/database';
import { isProduction, settingValue } from '../settings/read-settings';
import { guardedLookup, literalAddressProblem } from './webhook-address-guard';
import { postToEndpoint } from './webhook-post';
import { webhookSignature } from './webhook-signature';

/** The waits before each try again, as the Standard Webhooks specification suggests: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** How long a claim holds a delivery: a process that dies with it lets another take it over after this. */
const CLAIM_SECONDS = 60;
/** Deliveries claimed at once, and sent side by side. */
const CLAIM_BATCH = 10;
/** How long an endpoint has to answer. */
const ANSWER_TIMEOUT_MS = 10_000;
/** What of an answer's body the delivery log keeps. */
const KEPT_BODY = 1000;

/** How often a process removes the deliveries the log no longer keeps (WEBHOOK_KEEP_DAYS). */
const PRUNE_EVERY_MS = 3_600_000;
/** Deliveries removed per statement. */
const PRUNE_CHUNK = 5_000;

/** Settings read where they are used, so tests and the demo may shorten the waits (WEBHOOK_RETRY_SCALE, WEBHOOK_POLL_MS). */
const retryScale = () => Number(process.env.WEBHOOK_RETRY_SCALE ?? 1) || 1;
const pollMs = () => Number(process.env.WEBHOOK_POLL_MS ?? 2000) || 2000;

interface Claimed {
  id: string;
  payload: WebhookPayload;
  attempt_count: number;
  url: string | null;
  secret: string | null;
  usable: boolean;
}

/**
 * Sends the queued deliveries (webhook_delivery): claims the due ones with FOR UPDATE SKIP LOCKED, so several processes
 * share the queue, posts each signed as Standard Webhooks has it (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,…`), keeps every attempt with its answer, and tries again with backoff until an answer is 2xx,
 * or gives up after the last wait. Woken when a write with deliveries commits; else it looks every WEBHOOK_POLL_MS.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private rewoken = false;
  private lastPrune = 0;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.backgroundWork) this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
  }

  /** Looks for due deliveries now (a write with deliveries has committed). */
  wake(): void {
    this.rewoken = true;
    this.wakeUp?.();
  }

  private get halted(): boolean {
    return this.stopping || shutdownSignal.aborted;
  }

  private async run(): Promise<void> {
    while (!this.halted) {
      this.rewoken = false;
      let sent = 0;
      try {
        sent = await this.sendDue();
      } catch (error) {
        this.logger.error(`sending webhooks failed: ${(error as Error).message}`);
      }
      await this.pruneSettled().catch((error: Error) => this.logger.error(`removing old webhook deliveries failed: ${error.message}`));
      if (sent === 0 && !this.rewoken) await this.pause(pollMs());
      // a turn of the event loop between batches: thousands of due deliveries (an import) leave requests their share
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wakeUp?.(), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      if (this.halted) this.wakeUp();
    });
  }

  /**
   * Removes the deliveries that were delivered or failed for good before the log's kept days, at most once an hour
   * per process; answers how many. Found by their id, which starts with the time they were made (the primary key).
   */
  async pruneSettled(now = Date.now()): Promise<number> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return 0;
    this.lastPrune = now;
    const keptFrom = newId(new Date(now - settingValue<number>('WEBHOOK_KEEP_DAYS')! * 86_400_000)).slice(0, 8);
    let removed = 0;
    let last: number;
    // in chunks, a turn of the event loop apart: the first run after an upgrade may find a long log
    do {
      const [{ count }] = await this.db.query<{ count: number }>(
        `WITH gone AS (DELETE FROM webhook_delivery WHERE id IN (SELECT id FROM webhook_delivery WHERE id < $1 AND state <> 'pending' ORDER BY id LIMIT ${PRUNE_CHUNK}) RETURNING 1)
         SELECT count(*)::int AS count FROM gone`,
        [keptFrom],
      );
      last = count;
      removed += count;
      await new Promise((resolve) => setImmediate(resolve));
    } while (last === PRUNE_CHUNK && !this.halted);
    return removed;
  }

  /** Claims the due deliveries and sends them; answers how many it claimed. */
  async sendDue(): Promise<number> {
    const claimed = await this.db.query<Claimed>(
      `WITH due AS (
         SELECT id FROM webhook_delivery WHERE state = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY next_attempt_at, id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED
       ), taken AS (
         UPDATE webhook_delivery d SET claimed_until = now() + interval '${CLAIM_SECONDS} seconds' FROM due WHERE d.id = due.id
         RETURNING d.id, d.company_id, d.webhook_id, d.payload, d.attempt_count
       )
       SELECT taken.id, taken.payload, taken.attempt_count, w.doc ->> 'url' AS url, w.doc ->> 'secret' AS secret,
              (w.id IS NOT NULL AND w.meta_archived IS NOT TRUE AND coalesce((w.doc ->> 'active')::boolean, true)) AS usable
       FROM taken LEFT JOIN "webhook" w ON w.company_id = taken.company_id AND w.id = taken.webhook_id`,
    );
    await Promise.all(claimed.map((delivery) => this.send(delivery)));
    return claimed.length;
  }

  private async send(delivery: Claimed): Promise<void> {
    if (!delivery.usable || !delivery.url || !delivery.secret) {
      await this.settle(delivery, { at: new Date().toISOString(), ms: 0, status: null, body: null, error: 'The endpoint is deleted, archived or switched off' }, 'failed');
      return;
    }
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    const at = new Date().toISOString();
    try {
      const refused = literalAddressProblem(new URL(delivery.url).hostname, isProduction());
      if (refused) throw new Error(`Not sent: ${refused}`);
      const headers = {
        'Content-Type': 'application/json',
        'User-Agent': 'backoffice-webhooks',
        [WEBHOOK_HEADERS.id]: delivery.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, delivery.id, timestamp, body),
      };
      const response = await postToEndpoint(delivery.url, headers, body, {
        lookup: guardedLookup(isProduction()),
        signal: AbortSignal.any([AbortSignal.timeout(ANSWER_TIMEOUT_MS), shutdownSignal]),
        keptBytes: KEPT_BODY,
      });
      const attempt: WebhookAttempt = { at, ms: Math.round(performance.now() - started), status: response.status, body: response.body, error: null };
      await this.settle(delivery, attempt, response.status >= 200 && response.status < 300 ? 'delivered' : 'retry');
    } catch (error) {
      // a shutdown is no attempt: the next process sends it at once
      if (shutdownSignal.aborted) return void (await this.db.query('UPDATE webhook_delivery SET claimed_until = NULL WHERE id = $1', [delivery.id]));
      await this.settle(delivery, { at, ms: Math.round(performance.now() - started), status: null, body: null, error: (error as Error).message }, 'retry');
    }
  }

  /** Keeps the attempt: delivered, failed for good, or pending again after the next wait (failed after the last). */
  private async settle(delivery: Claimed, attempt: WebhookAttempt, outcome: 'delivered' | 'failed' | 'retry'): Promise<void> {
    const attempts = delivery.attempt_count + 1;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const state = outcome === 'retry' ? (delay === undefined ? 'failed' : 'pending') : outcome;
    await this.db.query(
      `UPDATE webhook_delivery SET state = $2, attempt_count = $3, attempts = attempts || $4::jsonb, claimed_until = NULL,
         next_attempt_at = now() + make_interval(secs => $5::double precision / 1000), delivered_at = CASE WHEN $2 = 'delivered' THEN now() END
       WHERE id = $1`,
      [delivery.id, state, attempts, JSON.stringify([attempt]), state === 'pending' ? delay * retryScale() : 0],
    );
  }
}
