import type { MailMessage } from './channel';
import type { MailgunConfig } from './communication-config';
import { MAILGUN_KEY_VARIABLE, addressOf, mailgunRequest } from './mailgun-client';

/**
 * The Message-Id we give one batch call (without its angle brackets, as the events API's `message-id` filter takes
 * it): Mailgun keeps a Message-Id set with `h:Message-Id` and answers it, bracketed, as the message id. One per call:
 * Mailgun documents no per-recipient Message-Id in batch sending (recipient variables fill the body and subject), so
 * every recipient's copy carries it.
 */
export const batchMessageId = (callId: string, domain: string) => `batch-${callId}@${domain}`;

/**
 * Batch sending of personalised mail: one call for up to 1 000 recipients, each with their own subject, HTML and
 * text as recipient variables (`%recipient.subject%`, ...), which Mailgun substitutes per recipient, and the record id
 * of each message (`v:communication-key`), which every event of that recipient carries. Answers the message id
 * Mailgun gave: `<messageId>` when it kept ours.
 */
export async function sendPersonalisedBatch(config: MailgunConfig, messages: readonly MailMessage[], messageId: string): Promise<string> {
  const form = new FormData();
  form.append('from', config.from);
  const perRecipient: Record<string, Record<string, string>> = {};
  for (const message of messages) {
    form.append('to', addressOf(message.to));
    perRecipient[message.to.email] = { key: message.key, subject: message.subject, html: message.html, text: message.text };
  }
  form.append('subject', '%recipient.subject%');
  form.append('html', '%recipient.html%');
  form.append('text', '%recipient.text%');
  form.append('recipient-variables', JSON.stringify(perRecipient));
  form.append(`v:${MAILGUN_KEY_VARIABLE}`, '%recipient.key%');
  form.append('h:Message-Id', `<${messageId}>`);
  form.append('o:tracking', 'yes');
  return (await mailgunRequest(config, 'messages', { method: 'POST', body: form })).id;
}

interface EventPage {
  items?: { 'user-variables'?: Record<string, unknown> }[];
  paging?: { next?: string };
}

/**
 * The record ids (communication keys) of the mail Mailgun accepted under one Message-Id: its events API, `event=accepted`
 * with the documented `message-id` filter, page after page; each event names its recipient's key in `user-variables`.
 * Complete only once the settle window has passed since the call (Mailgun's event polling guide).
 */
export async function acceptedUnderMessageId(config: MailgunConfig, messageId: string): Promise<Set<string>> {
  const keys = new Set<string>();
  const query = new URLSearchParams({ event: 'accepted', 'message-id': messageId, limit: '300' });
  let next: string | undefined = `events?${query}`;
  while (next) {
    const page = (await mailgunRequest(config, next, { method: 'GET' })) as EventPage;
    const items = page.items ?? [];
    for (const item of items) {
      const key = item['user-variables']?.[MAILGUN_KEY_VARIABLE];
      if (typeof key === 'string') keys.add(key);
    }
    next = items.length > 0 ? page.paging?.next : undefined;
  }
  return keys;
}
