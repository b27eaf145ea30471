import { type Delivery, type PushChannel, type PushMessage, ChannelError, failedAll } from './channel';
import { channelTimeoutMs, expoConfig } from './communication-config';

/** Expo takes at most 100 messages per send call and 1 000 ids per receipts call. */
export const EXPO_SEND_SIZE = 100;
export const EXPO_RECEIPTS_SIZE = 1000;

type Ticket = { status: 'ok'; id: string } | { status: 'error'; message?: string; details?: { error?: string } };

/**
 * Expo's push API: send answers a ticket per message (ok with an id, or an error such as DeviceNotRegistered);
 * about 15 minutes later the receipts of the ticket ids tell whether Apple or Google took them.
 * 429 and 5xx are retried with backoff (three tries).
 */
export class ExpoPushClient implements PushChannel {
  readonly kind = 'notification' as const;

  constructor(private readonly config: () => ReturnType<typeof expoConfig> = expoConfig) {}

  async send(messages: readonly PushMessage[]): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (let start = 0; start < messages.length; start += EXPO_SEND_SIZE) {
      const chunk = messages.slice(start, start + EXPO_SEND_SIZE);
      try {
        const body = await this.post('/send', chunk.map(({ key: _key, ...message }) => message));
        const tickets = (body.data ?? []) as Ticket[];
        chunk.forEach((message, index) => {
          const ticket = tickets[index];
          if (ticket?.status === 'ok') deliveries.push({ key: message.key, ok: true, providerId: ticket.id, error: null });
          else deliveries.push({ key: message.key, ok: false, providerId: null, error: ticket?.message ?? 'Expo sent no ticket', errorCode: ticket?.details?.error ?? null });
        });
      } catch (error) {
        deliveries.push(...failedAll(chunk, error));
      }
    }
    return deliveries;
  }

  async receipts(ticketIds: readonly string[]) {
    const receipts = new Map<string, { ok: boolean; error: string | null; errorCode: string | null }>();
    for (let start = 0; start < ticketIds.length; start += EXPO_RECEIPTS_SIZE) {
      const body = await this.post('/getReceipts', { ids: ticketIds.slice(start, start + EXPO_RECEIPTS_SIZE) });
      const data = (body.data ?? {}) as Record<string, { status: string; message?: string; details?: { error?: string } }>;
      for (const [id, receipt] of Object.entries(data)) {
        receipts.set(id, { ok: receipt.status === 'ok', error: receipt.status === 'ok' ? null : (receipt.message ?? 'error'), errorCode: receipt.details?.error ?? null });
      }
    }
    return receipts;
  }

  private async post(path: string, payload: unknown): Promise<{ data?: unknown }> {
    const config = this.config();
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${config.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(config.accessToken && { Authorization: `Bearer ${config.accessToken}` }) },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(channelTimeoutMs()),
        });
      } catch (error) {
        throw new ChannelError(`Expo could not be reached: ${(error as Error).message}`, null);
      }
      if ((response.status === 429 || response.status >= 500) && attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, 200 * 4 ** (attempt - 1)));
        continue;
      }
      const body = (await response.json().catch(() => ({}))) as { data?: unknown; errors?: { message?: string }[] };
      if (!response.ok) throw new ChannelError(`Expo refused the push call (${response.status}): ${body.errors?.[0]?.message ?? 'no reason given'}`, response.status);
      return body;
    }
  }
}
