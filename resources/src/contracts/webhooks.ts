import { jsonSchema as s, type Schema } from './schema';

/** Deliveries to webhook endpoints (api/src/webhooks), shared by the API and the admin's delivery log. */

/** Header names of the Standard Webhooks specification. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** What a delivery sends: the event's type (`merchant.created`, `payment.completed`), when, and the record. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** One try of a delivery: when, how long, and what the endpoint answered (its status and the start of its body) or why not. */
export interface WebhookAttempt {
  at: string;
  ms: number;
  status: number | null;
  body: string | null;
  error: string | null;
}

export interface WebhookDelivery {
  _id: string;
  webhookId: string;
  type: string;
  recordId: string | null;
  /** pending: to be tried (again) at nextAttemptAt; delivered: an endpoint answered 2xx; failed: every try refused */
  state: WebhookDeliveryState;
  attempts: WebhookAttempt[];
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  payload: WebhookPayload;
}

const time = s.string({ format: 'date-time' });

export const webhookPayloadSchema: Schema<WebhookPayload> = s.named('WebhookPayload', s.object({ type: s.string(), timestamp: time, data: s.record(s.any()) }));

export const webhookDeliverySchema: Schema<WebhookDelivery> = s.named(
  'WebhookDelivery',
  s.object({
    _id: s.objectId(),
    webhookId: s.objectId(),
    type: s.string(),
    recordId: s.nullable(s.objectId()),
    state: s.enum(WEBHOOK_DELIVERY_STATES),
    attempts: s.array(s.object({ at: time, ms: s.integer({ minimum: 0 }), status: s.nullable(s.integer()), body: s.nullable(s.string()), error: s.nullable(s.string()) })),
    nextAttemptAt: s.nullable(time),
    createdAt: time,
    deliveredAt: s.nullable(time),
    payload: webhookPayloadSchema,
  }),
);
