import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../database/database';

export const METRICS = Symbol('METRICS');

/** Work waiting in the database's queues, by queue: what a scrape reads, so every process reports the same. */
const QUEUE_DEPTHS = `
  SELECT 'batch-' || b.kind AS queue, count(*)::int AS depth FROM batch_item i JOIN batch b ON b.id = i.batch_id
   WHERE i.state = 'ready' AND b.runner = 'running' GROUP BY b.kind
  UNION ALL SELECT 'finance-bulk', count(*)::int FROM finance_bulk_item WHERE status = 'ready'
  UNION ALL SELECT 'trigger-checks', count(*)::int FROM communication_trigger_check WHERE due_at <= now() AND claimed_until IS NULL`;

/**
 * The process's metrics in Prometheus's text format (prom-client): requests by route and status with their
 * latency, Node's own (event-loop delay among them), the database pool's use, the queues' depth and the batch
 * messages sent and failed by channel. One registry per app, so tests may start several in one process.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'backoffice_http_request_duration_seconds',
    help: 'HTTP requests by method, route (the pattern, not the path) and status, with their duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [this.registry],
  });
  private readonly batchMessages = new Counter({
    name: 'backoffice_batch_messages_total',
    help: 'Batch messages this process handed to a provider (sent) or could not (failed), by channel',
    labelNames: ['channel', 'outcome'],
    registers: [this.registry],
  });

  constructor(db: Database) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    new Gauge({
      name: 'backoffice_db_pool_connections',
      help: 'PostgreSQL connection pool: size, open (total), idle, and requests waiting for a connection',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const use = db.poolUse?.();
        if (!use) return;
        for (const [state, value] of Object.entries(use)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: 'backoffice_job_queue_depth',
      help: 'Work waiting in the durable queues (batch items of running batches by channel, bulk payment actions, due trigger checks)',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await db.query<{ queue: string; depth: number }>(QUEUE_DEPTHS)) this.set({ queue: row.queue }, row.depth);
      },
    });
  }

  /** Express middleware timing every request; the route is Express's matched pattern, or "unmatched". */
  readonly timeRequests = (request: Request, response: Response, next: NextFunction): void => {
    const end = this.requests.startTimer();
    response.once('finish', () => {
      const route = request.route?.path ? `${request.baseUrl}${request.route.path}` : 'unmatched';
      end({ method: request.method, route, status: String(response.statusCode) });
    });
    next();
  };

  countBatchMessages(channel: string, outcome: 'sent' | 'failed', count: number): void {
    if (count > 0) this.batchMessages.inc({ channel, outcome }, count);
  }
}
