import { findResource } from '@backoffice/resources';
import { bearer } from '../../../support/test-app';
import type { DomainCalls } from './world';

export const webhookCalls: DomainCalls = async ({ t, records }) => {
  await records.id(findResource('webhook')!, { url: 'http://127.0.0.1:9/hooks', models: ['merchant'], events: ['created'] });
  await t.http.post('/api/company/model/merchant').set(bearer(await t.token('merchant'))).send({ name: { full: 'Sent Bar' } });
  const [{ id }] = await t.db.query<{ id: string }>(`SELECT id FROM webhook_delivery WHERE company_id = $1 ORDER BY id DESC LIMIT 1`, [t.companies.a]);
  return [
    { operationId: 'webhookDeliveries', path: '/api/company/webhooks/deliveries', role: 'company', query: { _start: '0', _end: '10' }, expect: 200 },
    { operationId: 'retryWebhookDelivery', path: `/api/company/webhooks/deliveries/${id}/retry`, role: 'company', expect: 200 },
  ];
};
