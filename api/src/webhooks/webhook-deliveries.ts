import { Inject, Injectable } from '@nestjs/common';
import type { WebhookAttempt, WebhookDelivery, WebhookPayload } from '@backoffice/resources';
import { idTime, newId } from '../common/object-id';
import { DATABASE, type Database, type Queryable } from '../database/database';

/** A delivery to be added: to which endpoint, of which event, about which record. */
export interface NewDelivery {
  webhookId: string;
  type: string;
  recordId: string | null;
  payload: WebhookPayload;
}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  type: string;
  record_id: string | null;
  state: WebhookDelivery['state'];
  attempts: WebhookAttempt[];
  next_attempt_at: Date;
  delivered_at: Date | null;
  payload: WebhookPayload;
}

const COLUMNS = 'id, webhook_id, type, record_id, state, attempts, next_attempt_at, delivered_at, payload';

const asDelivery = (row: DeliveryRow): WebhookDelivery => ({
  _id: row.id,
  webhookId: row.webhook_id,
  type: row.type,
  recordId: row.record_id,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.state === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
  createdAt: idTime(row.id).toISOString(),
  deliveredAt: row.delivered_at && new Date(row.delivered_at).toISOString(),
  payload: row.payload,
});

/** The delivery queue (webhook_delivery): rows added inside the writes they tell of, read for the delivery log. */
@Injectable()
export class WebhookDeliveries {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Adds deliveries in the transaction of the write they tell of: they are sent once it commits, never if it rolls back. */
  async add(tx: Queryable, companyId: string, deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await tx.query(
      `INSERT INTO webhook_delivery (id, company_id, webhook_id, type, record_id, payload)
       SELECT id, $1, webhook_id, type, record_id, payload FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[]) AS d(id, webhook_id, type, record_id, payload)`,
      [companyId, deliveries.map(() => newId()), deliveries.map((d) => d.webhookId), deliveries.map((d) => d.type), deliveries.map((d) => d.recordId), deliveries.map((d) => JSON.stringify(d.payload))],
    );
  }

  /** A page of the company's deliveries, newest first, of one endpoint and state when asked; and how many there are. */
  async list(companyId: string, filter: { webhookId?: string; state?: string }, page: { offset: number; limit: number }): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
    const params: unknown[] = [companyId];
    const conditions = ['company_id = $1'];
    if (filter.webhookId) conditions.push(`webhook_id = $${params.push(filter.webhookId)}`);
    if (filter.state) conditions.push(`state = $${params.push(filter.state)}`);
    const where = conditions.join(' AND ');
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM webhook_delivery WHERE ${where} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`, params),
      this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM webhook_delivery WHERE ${where}`, params),
    ]);
    return { deliveries: rows.map(asDelivery), total };
  }

  /** Sends a delivery again at once, on a person's request (a delivered one too, with its webhook-id, by which a consumer drops a repeat); null when the company has none of that id. */
  async retry(companyId: string, id: string): Promise<WebhookDelivery | null> {
    const [row] = await this.db.query<DeliveryRow>(
      `UPDATE webhook_delivery SET state = 'pending', next_attempt_at = now(), claimed_until = NULL WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [companyId, id],
    );
    return row ? asDelivery(row) : null;
  }
}
