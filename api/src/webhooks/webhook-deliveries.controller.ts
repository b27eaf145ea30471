import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OBJECT_ID, WEBHOOK_DELIVERY_STATES, type WebhookDelivery } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { invalid, notFound } from '../common/errors';
import { pageOf } from '../history/paging';
import { RecordService } from '../records/record.service';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDispatcher } from './webhook-dispatcher';

const one = (raw: unknown) => (typeof raw === 'string' && raw !== '' ? raw : undefined);

/** The delivery log of the company's webhook endpoints, for those who manage them (company admins). */
@ApiTags('webhooks')
@Controller('company/webhooks/deliveries')
export class WebhookDeliveriesController {
  constructor(
    private readonly records: RecordService,
    private readonly deliveries: WebhookDeliveries,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  @Get()
  async list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response): Promise<WebhookDelivery[]> {
    this.records.resource('webhook', actor, 'read');
    const webhookId = one(query.webhookId);
    const state = one(query.state);
    if (webhookId !== undefined && !OBJECT_ID.test(webhookId)) throw invalid('webhookId must be an endpoint id', [{ field: 'webhookId', message: 'must be an id' }]);
    if (state !== undefined && !(WEBHOOK_DELIVERY_STATES as readonly string[]).includes(state)) throw invalid(`state must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}`, [{ field: 'state', message: 'unknown state' }]);
    const { deliveries, total } = await this.deliveries.list(actor.companyId, { webhookId, state }, pageOf(query));
    response.setHeader('X-Total-Count', String(total));
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    return deliveries;
  }

  @Post(':id/retry')
  @HttpCode(200)
  async retry(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<WebhookDelivery> {
    this.records.resource('webhook', actor, 'update');
    const delivery = OBJECT_ID.test(id) ? await this.deliveries.retry(actor.companyId, id) : null;
    if (!delivery) throw notFound(`No webhook delivery with id ${id}`);
    this.dispatcher.wake();
    return delivery;
  }
}
