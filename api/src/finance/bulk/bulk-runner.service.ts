import { BadRequestException, ConflictException, HttpException, Inject, Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { BulkAction, BulkRun, BulkRunSummary, ItemStatus, Right } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { newId } from '../../common/object-id';
import { APP_CONFIG } from '../../common/tokens';
import { shutdownSignal } from '../../common/process-lifecycle';
import { requireService } from '../../settings/service-switch';
import type { AppConfig } from '../../config';
import { DATABASE, type Database } from '../../database/database';
import { requireRight } from '../finance-rules';
import { checkConfirmedCount, requireNamedPayments } from '../refund/money-run-selection';
import { RefundListService, parseRefundFilter } from '../refund/refund-list.service';
import { RefundService } from '../refund/refund.service';
import { UserPaymentService } from '../user-actions/user-payment.service';

/**
 * Bulk payment actions of the refund screen's Batch menu, with the spec's concurrency and waits
 * (part 1 section 9, part 2 section 9): 1 at a time for sync and bank-number fetch, 5 for relink,
 * 3 otherwise; 150 ms after each sync-all, 2000 ms after each relink.
 */
export const BULK_ACTIONS: Readonly<Record<BulkAction, { concurrency: number; waitMs: number; target: 'payment' | 'user'; needsProvider: boolean }>> = {
  refund: { concurrency: 3, waitMs: 0, target: 'payment', needsProvider: true },
  'refund-iban': { concurrency: 3, waitMs: 0, target: 'payment', needsProvider: false },
  sync: { concurrency: 1, waitMs: 150, target: 'user', needsProvider: true },
  relink: { concurrency: 5, waitMs: 2000, target: 'user', needsProvider: false },
  'fetch-iban': { concurrency: 1, waitMs: 0, target: 'user', needsProvider: true },
};


/**
 * Who each row is about, stored with the row so the admin names people rather than ids: the user's name or else
 * their email, for a payment the name of its user or else the payment's own name ($4 is the company).
 */
const USER_LABEL = (userId: string) => `(SELECT coalesce(nullif(u.doc #>> '{name,full}', ''), u.doc #>> '{email,value}') FROM "user" u WHERE u.company_id = $4 AND u.id = ${userId})`;
const LABEL_OF: Record<'payment' | 'user', string> = {
  user: USER_LABEL('t.id'),
  payment: `(SELECT coalesce(${USER_LABEL('p.user_ref_user_id')}, p.doc #>> '{name,full}') FROM "payment" p WHERE p.company_id = $4 AND p.id = t.id)`,
};

/** Runs the refund screen lists again: those still running and those that ended within this many hours. */
const RECENT_HOURS = 24;

const MAX_ITEMS = 20_000;
const STALE_SECONDS = 30;
const ids = (value: unknown, field: string): string[] | undefined => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id))) {
    throw new BadRequestException({ message: `${field} must be a list of ids`, errors: [{ field, message: 'must be a list of ids' }] });
  }
  return [...new Set(value as string[])];
};

type RunRow = { id: string; action: BulkAction; status: BulkRun['status']; concurrency: number; wait_ms: number; message: string | null; created_at: Date; updated_at: Date };

const runSummary = (run: RunRow, counts: Record<ItemStatus, number>): BulkRunSummary => ({
  id: run.id,
  action: run.action,
  status: run.status,
  concurrency: run.concurrency,
  waitMs: run.wait_ms,
  message: run.message,
  createdAt: new Date(run.created_at).toISOString(),
  updatedAt: new Date(run.updated_at).toISOString(),
  counts,
});

/**
 * Runs bulk actions row by row in the background, keeping each row's status in the database so the
 * admin can follow it and a restarted server resumes unfinished runs (the actions are safe to repeat:
 * a refund finds nothing left, a sync or relink recomputes). Sequential runs stop at the first error.
 */
@Injectable()
export class BulkRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FinanceBulk');
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private adoptTimer: NodeJS.Timeout | undefined;
  private readonly wakers = new Set<() => void>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly refunds: RefundService,
    private readonly users: UserPaymentService,
    private readonly refundList: RefundListService,
  ) {}

  async start(actor: Actor, body: { action?: unknown; paymentIds?: unknown; userIds?: unknown; filter?: unknown; confirmedCount?: unknown }): Promise<BulkRun> {
    requireRight(actor, 'company');
    const action = String(body?.action ?? '') as BulkAction;
    const spec = BULK_ACTIONS[action];
    if (!spec) throw new BadRequestException({ message: `action must be one of ${Object.keys(BULK_ACTIONS).join(', ')}`, errors: [{ field: 'action', message: 'unknown action' }] });
    if (spec.needsProvider) requireService('paynl');
    const movesMoney = spec.target === 'payment';
    if (movesMoney) requireNamedPayments(body);
    let paymentIds = ids(body.paymentIds, 'paymentIds');
    const userIds = ids(body.userIds, 'userIds');
    if (!paymentIds && !userIds && body.filter !== undefined) {
      paymentIds = await this.refundList.paymentIds(actor, parseRefundFilter(actor, body.filter), MAX_ITEMS + 1);
    }
    let targets: string[];
    if (spec.target === 'payment') {
      if (!paymentIds) throw new BadRequestException({ message: 'paymentIds or filter is required for this action' });
      targets = (await this.db.query<{ id: string }>('SELECT id FROM "payment" WHERE company_id = $1 AND id = ANY($2::text[]) ORDER BY id', [actor.companyId, paymentIds])).map((row) => row.id);
    } else if (userIds) {
      targets = (await this.db.query<{ id: string }>('SELECT id FROM "user" WHERE company_id = $1 AND id = ANY($2::text[]) ORDER BY id', [actor.companyId, userIds])).map((row) => row.id);
    } else if (paymentIds) {
      targets = (await this.db.query<{ id: string }>(
        'SELECT DISTINCT user_ref_user_id AS id FROM "payment" WHERE company_id = $1 AND id = ANY($2::text[]) AND user_ref_user_id IS NOT NULL ORDER BY 1',
        [actor.companyId, paymentIds],
      )).map((row) => row.id);
    } else {
      throw new BadRequestException({ message: 'userIds, paymentIds or filter is required' });
    }
    if (targets.length === 0) throw new BadRequestException({ message: 'Nothing to run this action on' });
    if (targets.length > MAX_ITEMS) throw new BadRequestException({ message: `At most ${MAX_ITEMS} rows per run` });
    if (movesMoney) checkConfirmedCount(targets.length, body.confirmedCount);
    const id = newId();
    const storedActor = { userId: actor.userId, companyId: actor.companyId, homeCompanyId: actor.homeCompanyId, rights: [...actor.rights], access: actor.access, thirdParty: actor.thirdParty };
    await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO finance_bulk_run (id, company_id, action, status, actor, concurrency, wait_ms) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)', [
        id, actor.companyId, action, 'running', JSON.stringify(storedActor), spec.concurrency, spec.waitMs,
      ]);
      await tx.query(
        `INSERT INTO finance_bulk_item (run_id, position, target_kind, target_id, label, status)
           SELECT $1, t.position::int, $2, t.id, ${LABEL_OF[spec.target]}, 'ready' FROM unnest($3::text[]) WITH ORDINALITY AS t(id, position)`,
        [id, spec.target, targets, actor.companyId],
      );
    });
    this.launch(id);
    return this.get(actor, id);
  }

  async get(actor: Actor, id: string): Promise<BulkRun> {
    requireRight(actor, 'company');
    const [run] = await this.db.query<RunRow>(
      'SELECT id, action, status, concurrency, wait_ms, message, created_at, updated_at FROM finance_bulk_run WHERE company_id = $1 AND id = $2',
      [actor.companyId, id],
    );
    if (!run) throw new NotFoundException({ message: `No bulk run with id ${id}` });
    const items = await this.db.query<{ position: number; target_kind: string; target_id: string; label: string | null; status: ItemStatus; message: string | null }>(
      'SELECT position, target_kind, target_id, label, status, message FROM finance_bulk_item WHERE run_id = $1 ORDER BY position',
      [id],
    );
    const counts: Record<ItemStatus, number> = { ready: 0, executing: 0, done: 0, skipped: 0, error: 0 };
    for (const item of items) counts[item.status]++;
    return {
      ...runSummary(run, counts),
      items: items.map((item) => ({ position: item.position, targetKind: item.target_kind, targetId: item.target_id, label: item.label, status: item.status, message: item.message })),
    };
  }

  /** The company's runs still running or ended within the last day, newest first, without their rows. */
  async list(actor: Actor): Promise<BulkRunSummary[]> {
    requireRight(actor, 'company');
    const runs = await this.db.query<RunRow & { status_counts: Partial<Record<ItemStatus, number>> | string }>(
      `SELECT r.id, r.action, r.status, r.concurrency, r.wait_ms, r.message, r.created_at, r.updated_at,
              (SELECT coalesce(jsonb_object_agg(c.status, c.n), '{}'::jsonb) FROM (SELECT status, count(*)::int AS n FROM finance_bulk_item WHERE run_id = r.id GROUP BY status) c) AS status_counts
         FROM finance_bulk_run r
        WHERE r.company_id = $1 AND (r.status = 'running' OR r.updated_at > now() - interval '${RECENT_HOURS} hours')
        ORDER BY r.created_at DESC LIMIT 20`,
      [actor.companyId],
    );
    return runs.map((run) => {
      const stored = typeof run.status_counts === 'string' ? (JSON.parse(run.status_counts) as Partial<Record<ItemStatus, number>>) : run.status_counts;
      return runSummary(run, { ready: 0, executing: 0, done: 0, skipped: 0, error: 0, ...stored });
    });
  }

  /** Stops a running run between two rows: the row in progress ends, the rest stays ready. */
  async cancel(actor: Actor, id: string): Promise<BulkRun> {
    requireRight(actor, 'company');
    const [run] = await this.db.query<{ status: string }>('SELECT status FROM finance_bulk_run WHERE company_id = $1 AND id = $2', [actor.companyId, id]);
    if (!run) throw new NotFoundException({ message: `No bulk run with id ${id}` });
    if (run.status !== 'running') throw new ConflictException({ message: 'This run has already ended', reason: run.status });
    await this.db.query(`UPDATE finance_bulk_run SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status = 'running'`, [id]);
    return this.get(actor, id);
  }

  /** Resumes runs whose server stopped, at start and, on a PostgreSQL server that others share, every 10 s. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.backgroundWork) return;
    await this.adoptOrphans();
    if (this.db.kind === 'postgres') this.adoptTimer = setInterval(() => void this.adoptOrphans().catch((error: Error) => this.logger.error(`adopting bulk runs failed: ${error.message}`)), 10_000);
  }

  /**
   * Runs without a heartbeat for 30 s, or handed back by a server that shut down; on PGlite every running run that
   * this process does not work on, since no other process can hold the database.
   */
  private async adoptOrphans(): Promise<void> {
    const orphans = await this.db.query<{ id: string }>(
      `UPDATE finance_bulk_run SET heartbeat_at = now() WHERE status = 'running' AND NOT (id = ANY($1::text[]))
         AND ($2 OR heartbeat_at < now() - interval '${STALE_SECONDS} seconds') RETURNING id`,
      [[...this.running.keys()], this.db.kind === 'pglite'],
    );
    for (const run of orphans) this.launch(run.id);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.adoptTimer);
    this.stopping = true;
    for (const wake of this.wakers) wake();
    await Promise.all([...this.running.values()]);
  }

  /** No row starts once the process shuts down (at the signal, before the requests in flight are answered). */
  private get halted(): boolean {
    return this.stopping || shutdownSignal.aborted;
  }

  /** Resolves once every run this process works on has settled (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  private launch(id: string): void {
    if (this.running.has(id)) return;
    const job = this.process(id)
      .catch((error: Error) => this.logger.error(`bulk run ${id} failed: ${error.stack ?? error.message}`))
      .finally(() => this.running.delete(id));
    this.running.set(id, job);
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.halted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  private async process(id: string): Promise<void> {
    const [run] = await this.db.query<{ action: BulkAction; actor: Omit<Actor, 'rights'> & { rights: Right[] }; concurrency: number; wait_ms: number }>(
      'SELECT action, actor, concurrency, wait_ms FROM finance_bulk_run WHERE id = $1',
      [id],
    );
    if (!run) return;
    const actor: Actor = { ...run.actor, rights: new Set(run.actor.rights), door: 'bulk' };
    await this.db.query(`UPDATE finance_bulk_item SET status = 'ready', updated_at = now() WHERE run_id = $1 AND status = 'executing'`, [id]);
    const items = await this.db.query<{ position: number; target_id: string }>(`SELECT position, target_id FROM finance_bulk_item WHERE run_id = $1 AND status = 'ready' ORDER BY position`, [id]);
    const heartbeat = setInterval(() => {
      this.db.query('UPDATE finance_bulk_run SET heartbeat_at = now() WHERE id = $1', [id]).catch(() => undefined);
    }, 10_000);
    let next = 0;
    let stoppedBy: string | null = null;
    let cancelled = false;
    const worker = async () => {
      while (!this.halted && stoppedBy === null && !cancelled && next < items.length) {
        const item = items[next++];
        // the row taken stays ready when the run was cancelled meanwhile
        if (await this.isCancelled(id)) {
          cancelled = true;
          break;
        }
        await this.mark(id, item.position, 'executing', null);
        const outcome = await this.perform(run.action, actor, item.target_id);
        await this.mark(id, item.position, outcome.status, outcome.message);
        if (outcome.status === 'error' && run.concurrency === 1) stoppedBy = outcome.message;
        await this.sleep(run.wait_ms);
      }
    };
    try {
      await Promise.all(Array.from({ length: run.concurrency }, worker));
    } finally {
      clearInterval(heartbeat);
    }
    if (cancelled) return;
    if (this.halted && stoppedBy === null && next < items.length) {
      // handed back: the next server (or another one now) takes it up at once instead of after the stale time
      await this.db.query(`UPDATE finance_bulk_run SET heartbeat_at = 'epoch' WHERE id = $1`, [id]);
      return;
    }
    const status = stoppedBy !== null ? 'stopped' : 'done';
    // a cancel that came after the last row started keeps its status
    await this.db.query(`UPDATE finance_bulk_run SET status = $2, message = $3, updated_at = now() WHERE id = $1 AND status = 'running'`, [id, status, stoppedBy]);
  }

  private async isCancelled(id: string): Promise<boolean> {
    const [run] = await this.db.query<{ status: string }>('SELECT status FROM finance_bulk_run WHERE id = $1', [id]);
    return run?.status === 'cancelled';
  }

  private async mark(runId: string, position: number, status: ItemStatus, message: string | null): Promise<void> {
    await this.db.query('UPDATE finance_bulk_item SET status = $3, message = $4, updated_at = now() WHERE run_id = $1 AND position = $2', [runId, position, status, message]);
    await this.db.query('UPDATE finance_bulk_run SET updated_at = now(), heartbeat_at = now() WHERE id = $1', [runId]);
  }

  /** One row: done, skipped (nothing to do, with the reason) or error (the spec's message). */
  private async perform(action: BulkAction, actor: Actor, targetId: string): Promise<{ status: ItemStatus; message: string | null }> {
    try {
      switch (action) {
        case 'refund':
          return { status: 'done', message: (await this.refunds.refundByProvider(actor, targetId)).message };
        case 'refund-iban':
          return { status: 'done', message: (await this.refunds.refundByIban(actor, targetId)).message };
        case 'sync': {
          const result = await this.users.syncAll(actor, targetId);
          return { status: result.skipped ? 'skipped' : 'done', message: result.skipped ?? result.message };
        }
        case 'relink':
          return { status: 'done', message: (await this.users.relink(actor, targetId)).message };
        case 'fetch-iban': {
          const result = await this.users.fetchBankAccount(actor, targetId);
          return { status: result.skipped ? 'skipped' : 'done', message: result.skipped ?? result.message };
        }
      }
    } catch (error) {
      if (error instanceof HttpException) {
        const body = error.getResponse() as { message?: string; reason?: string };
        // a refusal (nothing left, not refundable) is nothing to do for this row, not a failure
        if (error.getStatus() === 409) return { status: 'skipped', message: body.reason ?? String(body.message) };
        return { status: 'error', message: String(body.message ?? error.message) };
      }
      this.logger.error(`bulk ${action} of ${targetId} failed: ${(error as Error).stack ?? error}`);
      return { status: 'error', message: 'Whoops, something went wrong!' };
    }
  }
}
