import { Module } from '@nestjs/common';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDeliveriesController } from './webhook-deliveries.controller';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointRules } from './webhook-endpoint-rules';
import { WebhookEvents } from './webhook-events';

/** Outgoing webhooks: endpoints (the webhook model) with their rules, the events of every write, the queue and its log. */
@Module({
  controllers: [WebhookDeliveriesController],
  providers: [WebhookEndpointRules, WebhookEvents, WebhookDeliveries, WebhookDispatcher],
})
export class WebhooksModule {}
