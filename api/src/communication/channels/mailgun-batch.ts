import type { MailMessage } from './channel';
import type { MailgunConfig } from './communication-config';
import { MAILGUN_KEY_VARIABLE, addressOf, mailgunRequest } from './mailgun-client';

/**
 * Batch sending of personalised mail: one call for up to 1 000 recipients, each with their own subject, HTML and
 * text as recipient variables (`%recipient.subject%`, ...), which Mailgun substitutes per recipient. Besides the
 * record id of each message (`v:communication-key`), every recipient's events carry `variables` (the batch
 * claim), by which `acceptedByVariable` finds what Mailgun accepted of a call whose answer never arrived.
 */
export async function sendPersonalisedBatch(config: MailgunConfig, messages: readonly MailMessage[], variables: Record<string, string>): Promise<string> {
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
  for (const [name, value] of Object.entries(variables)) form.append(`v:${name}`, value);
  form.append('o:tracking', 'yes');
  return (await mailgunRequest(config, 'messages', { method: 'POST', body: form })).id;
}

interface EventPage {
  items?: { 'user-variables'?: Record<string, unknown> }[];
  paging?: { next?: string };
}

/**
 * The record ids (communication keys) of the mail Mailgun accepted with this user variable: its events API,
 * `event=accepted` filtered on `user-variables`, page after page.
 */
export async function acceptedByVariable(config: MailgunConfig, variable: string, value: string): Promise<Set<string>> {
  const keys = new Set<string>();
  const query = new URLSearchParams({ event: 'accepted', 'user-variables': JSON.stringify({ [variable]: value }), limit: '300' });
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
