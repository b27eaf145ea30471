import type { WebhookDelivery } from '@backoffice/resources';
import { api } from '../../providers/http';
import { fetchPage, pageQuery } from '../../providers/paged';

const DELIVERIES = '/api/company/webhooks/deliveries';

/** The delivery log's routes (api/src/webhooks). */
export const webhookApi = {
  deliveries: (start: number, end: number, filter: { webhookId?: string; state?: string }) => fetchPage<WebhookDelivery>(DELIVERIES, pageQuery(start, end, filter)),
  retry: async (id: string) => (await api<WebhookDelivery>(`${DELIVERIES}/${id}/retry`, { method: 'POST' })).data,
};
