import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Actor } from '../../auth/actor';
import { newId } from '../../common/object-id';
import { APP_CONFIG } from '../../common/tokens';
import type { AppConfig } from '../../config';
import { DATABASE, type Database, type Queryable, onCommit } from '../../database/database';
import type { Doc } from '../../records/record-repository';
import { domainWriter } from '../delivery/message-records';

/** A check to run after the write that causes it: `kind` is the trigger (a template role), `subject` what it is about. */
export interface TriggerCheck {
  kind: string;
  subject: string;
  payload?: Doc;
  /** not before this time (event reminders); now when unset */
  dueAt?: Date;
}

/** A check taken to run: its id is unique per check, a cause for triggers whose every change counts. */
export interface ClaimedCheck {
  id: string;
  companyId: string;
  kind: string;
  subject: string;
  payload: Doc;
}

export type CheckHandler = (actor: Actor, check: ClaimedCheck) => Promise<unknown>;

/** a claimed check with the user whose write caused it (the actor its messages are recorded for) */
type Claimed = ClaimedCheck & { actorId: string };

/** a process taking a check has this long to finish it before another may take it */
const CLAIM_SECONDS = 120;
const CLAIM_BATCH = 50;
const MAX_ATTEMPTS = 5;
const RETRY_SECONDS = 30;

/**
 * The durable queue of automatic-send checks. Triggers schedule checks from the write pipeline's afterWrite hook,
 * inside the write's transaction: a check exists exactly when its write committed (never for a rolled-back one)
 * and survives a restart. The runner takes them once that transaction has committed (onCommit wakes it), at the
 * next poll (TRIGGER_POLL_MS) otherwise, and on start; several processes may run it against one PostgreSQL
 * (claims with FOR UPDATE SKIP LOCKED). Sending once per cause is the TriggerSender's, in the database too.
 */
@Injectable()
export class TriggerChecks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TriggerChecks');
  private readonly handlers = new Map<string, CheckHandler>();
  private running: Promise<void> | null = null;
  private stopped = true;
  private wake: (() => void) | null = null;
  private wakeRequested = false;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The trigger that runs checks of this kind. */
  register(kind: string, handler: CheckHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Stores checks in the write's transaction, for the kinds the company has an active template for (a template made
   * later does not reach back to earlier causes). A waiting check of the same kind and subject takes the new payload.
   */
  async schedule(tx: Queryable, actor: Pick<Actor, 'userId' | 'companyId'>, checks: readonly TriggerCheck[]): Promise<void> {
    if (checks.length === 0) return;
    const kinds = [...new Set(checks.map((check) => check.kind))];
    const live = new Set((await tx.query<{ role: string }>('SELECT DISTINCT role FROM template WHERE company_id = $1 AND role = ANY($2::text[]) AND meta_archived IS NOT TRUE', [actor.companyId, kinds])).map((row) => row.role));
    const unique = new Map(checks.filter((check) => live.has(check.kind)).map((check) => [`${check.kind}\n${check.subject}`, check]));
    if (unique.size === 0) return;
    const rows = [...unique.values()].map((check) => ({ id: newId(), kind: check.kind, subject: check.subject, payload: check.payload ?? {}, due_at: (check.dueAt ?? new Date()).toISOString() }));
    await tx.query(
      `INSERT INTO communication_trigger_check (id, company_id, kind, subject, actor_id, payload, due_at)
       SELECT r.id, $1, r.kind, r.subject, $2, r.payload, r.due_at FROM jsonb_to_recordset($3::jsonb) AS r(id text, kind text, subject text, payload jsonb, due_at timestamptz)
       ON CONFLICT (company_id, kind, subject) WHERE claimed_until IS NULL DO UPDATE SET payload = EXCLUDED.payload, due_at = EXCLUDED.due_at, actor_id = EXCLUDED.actor_id`,
      [actor.companyId, actor.userId, JSON.stringify(rows)],
    );
    onCommit(tx, () => this.nudge());
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.backgroundWork) return;
    // the embedded database belongs to this process alone: claims left by a process that stopped are free at once
    if (this.db.kind === 'pglite') await this.db.query(`UPDATE communication_trigger_check SET claimed_until = now() - interval '1 second' WHERE claimed_until > now()`);
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Stops taking checks; a check in progress finishes first. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.running;
    this.running = null;
  }

  /** Looks for due checks now instead of at the next poll. */
  nudge(): void {
    this.wakeRequested = true;
    this.wake?.();
  }

  /** Runs every check that is due, a claimed batch at a time. */
  private async runDue(): Promise<void> {
    for (;;) {
      const claimed = await this.claim();
      for (const check of claimed) await this.run(check);
      if (claimed.length < CLAIM_BATCH || this.stopped) return;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.wakeRequested = false;
      try {
        await this.runDue();
      } catch (error) {
        this.logger.warn(`trigger checks failed: ${(error as Error).message}`);
      }
      if (this.stopped || this.wakeRequested) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.config.triggerPollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private async claim(): Promise<Claimed[]> {
    const rows = await this.db.query<{ id: string; company_id: string; kind: string; subject: string; actor_id: string; payload: Doc }>(
      `UPDATE communication_trigger_check SET claimed_until = now() + make_interval(secs => $1), attempts = attempts + 1
       WHERE id IN (SELECT id FROM communication_trigger_check WHERE due_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
                    ORDER BY due_at, id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING id, company_id, kind, subject, actor_id, payload`,
      [CLAIM_SECONDS],
    );
    return rows.map((row) => ({ id: row.id, companyId: row.company_id, kind: row.kind, subject: row.subject, payload: row.payload, actorId: row.actor_id })).sort((a, b) => a.id.localeCompare(b.id));
  }

  private async run(check: Claimed): Promise<void> {
    const handler = this.handlers.get(check.kind);
    try {
      if (handler) await handler(domainWriter({ userId: check.actorId, companyId: check.companyId }), check);
      await this.db.query('DELETE FROM communication_trigger_check WHERE id = $1', [check.id]);
    } catch (error) {
      this.logger.warn(`${check.kind} check of ${check.subject} failed: ${(error as Error).message}`);
      // tried again later, each time waiting longer, until it has failed MAX_ATTEMPTS times
      await this.db.query('UPDATE communication_trigger_check SET claimed_until = now() + make_interval(secs => $2 * attempts) WHERE id = $1 AND attempts < $3', [check.id, RETRY_SECONDS, MAX_ATTEMPTS]);
      await this.db.query('DELETE FROM communication_trigger_check WHERE id = $1 AND attempts >= $2', [check.id, MAX_ATTEMPTS]);
    }
  }
}
