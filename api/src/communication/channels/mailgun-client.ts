import { retryAfterMs } from '../../outside/retry-after';
import { type Delivery, type MailChannel, type MailMessage, ChannelError, failedAll, unansweredCall } from './channel';
import { type MailgunConfig, channelTimeoutMs, mailgunConfig } from './communication-config';

/** Mailgun sends at most 1 000 recipients per batch call. */
export const MAILGUN_BATCH_SIZE = 1000;
/** The user variable that carries our record id to Mailgun and back in every webhook event. */
export const MAILGUN_KEY_VARIABLE = 'communication-key';

export const addressOf = (to: MailMessage['to']) => (to.name ? `${JSON.stringify(to.name.replace(/[\r\n]/g, ' '))} <${to.email}>` : to.email);

/**
 * Mailgun's messages API. Messages whose subject, HTML and text are the same (a template without personal
 * variables, or the same mail to many) go out as one batch call: several `to` with `recipient-variables`, which
 * makes Mailgun send each recipient their own copy; the record id of each recipient rides along as the user
 * variable `v:communication-key` (`%recipient.key%`). Personalised messages are one call each.
 */
export class MailgunClient implements MailChannel {
  readonly kind = 'mail' as const;

  constructor(private readonly config: () => MailgunConfig = mailgunConfig) {}

  async send(messages: readonly MailMessage[]): Promise<Delivery[]> {
    const groups = new Map<string, MailMessage[]>();
    for (const message of messages) {
      const same = JSON.stringify([message.subject, message.html, message.text]);
      groups.set(same, [...(groups.get(same) ?? []), message]);
    }
    const deliveries = new Map<string, Delivery>();
    for (const group of groups.values()) {
      for (let start = 0; start < group.length; start += MAILGUN_BATCH_SIZE) {
        const chunk = group.slice(start, start + MAILGUN_BATCH_SIZE);
        for (const delivery of await this.sendBatch(chunk)) deliveries.set(delivery.key, delivery);
      }
    }
    return messages.map((message) => deliveries.get(message.key)!);
  }

  /** The stored MIME source of a sent message, from the storage URL its webhook events carry (kept about 3 days). */
  async source(storageUrl: string): Promise<string | null> {
    const config = this.config();
    // the API key goes only to Mailgun (or the configured base, e.g. the local fake)
    const target = new URL(storageUrl);
    if (!(target.protocol === 'https:' && target.hostname.endsWith('.mailgun.net')) && target.origin !== new URL(config.url).origin) throw new ChannelError('Not a Mailgun storage URL', null, null, false);
    let response: Response;
    try {
      response = await fetch(storageUrl, {
        headers: { Authorization: `Basic ${Buffer.from(`api:${config.apiKey}`).toString('base64')}`, Accept: 'message/rfc2822' },
        signal: AbortSignal.timeout(channelTimeoutMs()),
      });
    } catch (error) {
      throw unansweredCall('Mailgun', error);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new ChannelError(`Mailgun refused the source (${response.status})`, response.status);
    const body = (await response.json().catch(() => ({}))) as { 'body-mime'?: unknown };
    return typeof body['body-mime'] === 'string' ? body['body-mime'] : null;
  }

  private async sendBatch(batch: readonly MailMessage[]): Promise<Delivery[]> {
    const config = this.config();
    const form = new FormData();
    form.append('from', config.from);
    const variables: Record<string, { key: string }> = {};
    for (const message of batch) {
      form.append('to', addressOf(message.to));
      variables[message.to.email] = { key: message.key };
    }
    form.append('subject', batch[0].subject);
    form.append('html', batch[0].html);
    form.append('text', batch[0].text);
    form.append('recipient-variables', JSON.stringify(variables));
    form.append(`v:${MAILGUN_KEY_VARIABLE}`, '%recipient.key%');
    form.append('o:tracking', 'yes');
    try {
      const id = await this.post(config, form);
      return batch.map((message) => ({ key: message.key, ok: true, providerId: id, error: null }));
    } catch (error) {
      return failedAll(batch, error);
    }
  }

  private async post(config: MailgunConfig, form: FormData): Promise<string> {
    return (await mailgunRequest(config, 'messages', { method: 'POST', body: form })).id;
  }
}

/**
 * One call to Mailgun: `path` under the domain (`messages`, `events`) or a full URL (a `paging.next`). Answers
 * the JSON body; a message send must answer an id. Unreachable, refused and 5xx calls throw ChannelError with the
 * status (null when there was no answer) and a 429's Retry-After.
 */
export async function mailgunRequest(config: MailgunConfig, path: string, init: { method: 'GET' | 'POST'; body?: FormData }): Promise<{ id: string } & Record<string, unknown>> {
  const url = /^https?:/.test(path) ? path : `${config.url}/${encodeURIComponent(config.domain)}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Authorization: `Basic ${Buffer.from(`api:${config.apiKey}`).toString('base64')}` },
      signal: AbortSignal.timeout(channelTimeoutMs()),
    });
  } catch (error) {
    throw unansweredCall('Mailgun', error);
  }
  const raw = await response.text();
  let body: { id?: unknown; message?: unknown } & Record<string, unknown> = {};
  try {
    body = JSON.parse(raw);
  } catch {
    // Mailgun answers some errors as plain text
  }
  if (!response.ok) {
    const reason = typeof body.message === 'string' ? body.message : raw.slice(0, 200);
    throw new ChannelError(`Mailgun refused the call (${response.status}): ${reason}`, response.status, retryAfterMs(response.headers.get('retry-after')));
  }
  // a success without its id may still have been taken
  if (init.method === 'POST' && typeof body.id !== 'string') throw new ChannelError('Mailgun answered without a message id', response.status, null, true);
  return body as { id: string } & Record<string, unknown>;
}
