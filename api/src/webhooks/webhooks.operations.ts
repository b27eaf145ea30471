import { WEBHOOK_DELIVERY_STATES, jsonSchema as s, webhookDeliverySchema } from '@backoffice/resources';
import { type DomainOperation, ok, refusal } from '../openapi/domain/operations';

/** The contract of the delivery log (WebhookDeliveriesController); endpoints are written through the webhook model. */
export const WEBHOOK_OPERATIONS: DomainOperation[] = [
  {
    method: 'get',
    path: '/api/company/webhooks/deliveries',
    operationId: 'webhookDeliveries',
    summary: "The deliveries to the company's webhook endpoints, newest first, with every attempt and its answer",
    callers: ['company'],
    query: {
      webhookId: { schema: s.objectId(), description: 'only those to this endpoint' },
      state: { schema: s.enum(WEBHOOK_DELIVERY_STATES), description: 'pending (to be tried, again), delivered, failed (every try refused)' },
      _start: { schema: s.integer({ minimum: 0 }) },
      _end: { schema: s.integer({ minimum: 0 }), description: '20 after _start when left out, 100 at most' },
    },
    answers: {
      200: { ...ok('The deliveries', s.array(webhookDeliverySchema)), headers: { 'X-Total-Count': { description: 'the deliveries that match', schema: s.integer() } } },
      400: refusal('A webhookId that is no id, or an unknown state'),
    },
  },
  {
    method: 'post',
    path: '/api/company/webhooks/deliveries/{id}/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again now (one that failed, or waits for its next try)',
    callers: ['company'],
    answers: { 200: ok('The delivery, pending', webhookDeliverySchema), 404: refusal('No such delivery in your company') },
  },
];
