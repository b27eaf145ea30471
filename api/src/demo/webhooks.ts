import { newWebhookSecret } from '../webhooks/webhook-signature';
import { type DemoContext, metaOf } from './context';

/** An endpoint a consumer of the demo company registered, switched off: the demo sends nothing out of the machine. */
export function seedWebhooks(ctx: DemoContext): void {
  const at = ctx.clock.now - 7200;
  ctx.add('webhook', at, {
    name: { full: 'Data warehouse' },
    url: 'https://hooks.example.test/backoffice',
    models: ['transaction', 'payment'],
    events: ['created', 'payment.completed', 'refund.made'],
    secret: newWebhookSecret(),
    active: false,
    meta: metaOf('webhook', at),
  });
}
