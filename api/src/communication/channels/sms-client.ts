import { type Delivery, type SmsChannel, type SmsMessage, ChannelError } from './channel';
import { channelTimeoutMs, smsConfig } from './communication-config';

/**
 * The SMS provider's REST API (MessageBird `POST /messages`: originator, recipients, body, reference; answers 201
 * with the message id). One call per message: each has its own text. Our record id goes as `reference`, which the
 * provider's delivery reports carry back.
 */
export class SmsClient implements SmsChannel {
  readonly kind = 'sms' as const;

  constructor(private readonly config: () => ReturnType<typeof smsConfig> = smsConfig) {}

  async send(messages: readonly SmsMessage[]): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (const message of messages) {
      try {
        deliveries.push({ key: message.key, ok: true, providerId: await this.post(message), error: null });
      } catch (error) {
        deliveries.push({ key: message.key, ok: false, providerId: null, error: (error as Error).message });
      }
    }
    return deliveries;
  }

  private async post(message: SmsMessage): Promise<string> {
    const config = this.config();
    let response: Response;
    try {
      response = await fetch(`${config.url}/messages`, {
        method: 'POST',
        headers: { Authorization: `AccessKey ${config.accessKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ originator: config.originator, recipients: [message.to.replace(/[^\d]/g, '')], body: message.body, reference: message.key }),
        signal: AbortSignal.timeout(channelTimeoutMs()),
      });
    } catch (error) {
      throw new ChannelError(`The SMS provider could not be reached: ${(error as Error).message}`, null);
    }
    const body = (await response.json().catch(() => ({}))) as { id?: unknown; errors?: { description?: string }[] };
    if (!response.ok) throw new ChannelError(`The SMS provider refused the message (${response.status}): ${body.errors?.[0]?.description ?? 'no reason given'}`, response.status);
    if (typeof body.id !== 'string') throw new ChannelError('The SMS provider answered without a message id', response.status);
    return body.id;
  }
}
