import { retryAfterMs } from '../../outside/retry-after';
import { type Delivery, type SmsChannel, type SmsMessage, ChannelError, failedAll, unansweredCall } from './channel';
import { channelTimeoutMs, smsConfig } from './communication-config';

/** MessageBird's list of messages answers at most this many per page. */
const LIST_PAGE_SIZE = 100;

const digitsOf = (number: string) => number.replace(/[^\d]/g, '');

/**
 * The SMS provider's REST API (MessageBird `POST /messages`: originator, recipients, body, reference; answers 201
 * with the message id). One call per message: each has its own text. Our record id goes as `reference`, which the
 * provider's delivery reports carry back, and which its list of messages shows. After a 429 the rest of the list
 * is not tried: it fails with the same error (its Retry-After), so a caller can send it later.
 */
export class SmsClient implements SmsChannel {
  readonly kind = 'sms' as const;

  constructor(private readonly config: () => ReturnType<typeof smsConfig> = smsConfig) {}

  async send(messages: readonly SmsMessage[]): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (const [index, message] of messages.entries()) {
      try {
        deliveries.push({ key: message.key, ok: true, providerId: await this.post(message), error: null });
      } catch (error) {
        if (error instanceof ChannelError && error.status === 429) return [...deliveries, ...failedAll(messages.slice(index), error)];
        deliveries.push(...failedAll([message], error));
      }
    }
    return deliveries;
  }

  /**
   * The references of the messages the provider took for one number since `since`: its list of messages
   * (`GET /messages?recipient=&from=`, offset paging), which shows each message with the reference we gave it.
   */
  async referencesSentTo(to: string, since: Date): Promise<Set<string>> {
    const references = new Set<string>();
    for (let offset = 0; ; offset += LIST_PAGE_SIZE) {
      const query = new URLSearchParams({ recipient: digitsOf(to), from: since.toISOString(), limit: String(LIST_PAGE_SIZE), offset: String(offset) });
      const page = (await this.request('GET', `/messages?${query}`)) as { items?: { reference?: unknown }[]; totalCount?: unknown };
      const items = page.items ?? [];
      for (const item of items) if (typeof item.reference === 'string') references.add(item.reference);
      if (items.length < LIST_PAGE_SIZE || (typeof page.totalCount === 'number' && offset + items.length >= page.totalCount)) return references;
    }
  }

  private async post(message: SmsMessage): Promise<string> {
    const config = this.config();
    const body = (await this.request('POST', '/messages', { originator: config.originator, recipients: [digitsOf(message.to)], body: message.body, reference: message.key })) as { id?: unknown };
    // a success without its id may still have been taken
    if (typeof body.id !== 'string') throw new ChannelError('The SMS provider answered without a message id', 201, null, true);
    return body.id;
  }

  /** One call; a refusal or no answer throws ChannelError (status null when no answer came). */
  private async request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Record<string, unknown>> {
    const config = this.config();
    let response: Response;
    try {
      response = await fetch(`${config.url}${path}`, {
        method,
        headers: { Authorization: `AccessKey ${config.accessKey}`, Accept: 'application/json', ...(payload !== undefined && { 'Content-Type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(channelTimeoutMs()),
      });
    } catch (error) {
      throw unansweredCall('The SMS provider', error);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & { errors?: { description?: string }[] };
    if (!response.ok) throw new ChannelError(`The SMS provider refused the call (${response.status}): ${body.errors?.[0]?.description ?? 'no reason given'}`, response.status, retryAfterMs(response.headers.get('Retry-After')));
    return body;
  }
}
