import type { WebhookDelivery } from '@backoffice/resources';
import { api } from '../../providers/http';

const DELIVERIES = '/api/company/webhooks/deliveries';

/** The delivery log's routes (api/src/webhooks). */
export const webhookApi = {
  async deliveries(start: number, end: number, filter: { webhookId?: string; state?: string }): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
    const query = new URLSearchParams(Object.entries({ _start: String(start), _end: String(end), ...filter }).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const { data, headers } = await api<WebhookDelivery[]>(DELIVERIES, { query });
    return { deliveries: data, total: Number(headers.get('x-total-count') ?? data.length) };
  },
  retry: async (id: string) => (await api<WebhookDelivery>(`${DELIVERIES}/${id}/retry`, { method: 'POST' })).data,
};
