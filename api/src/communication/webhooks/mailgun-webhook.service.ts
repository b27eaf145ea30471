import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { isPlainObject } from '@backoffice/resources';
import { invalid } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import { mailgunConfig } from '../channels/communication-config';
import { MAILGUN_KEY_VARIABLE } from '../channels/mailgun-client';
import { mailStateOfEvent } from '../delivery/mail-states';
import { MessageRecords, PROVIDER_ACTOR_ID } from '../delivery/message-records';
import { signatureProblem, WEBHOOK_MAX_AGE_SECONDS } from './mailgun-signature';
import { takeReplayToken } from './replay-tokens';

/**
 * Mailgun's webhook events: checked signature, refused replays, then the mail moves along its states (the state
 * rules keep it from moving back). The mail is found by our record id, which rides along as a user variable;
 * mails sent before that by their Mailgun message id and recipient.
 */
@Injectable()
export class MailgunWebhookService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: MessageRecords,
  ) {}

  async receive(body: unknown): Promise<{ mailId: string; state: string | null }> {
    const signingKey = mailgunConfig().signingKey;
    if (!signingKey) throw new ForbiddenException({ message: 'Mailgun webhooks are not configured (MAILGUN_WEBHOOK_SIGNING_KEY)' });
    if (!isPlainObject(body)) throw invalid('The webhook body must be a JSON object with signature and event-data');
    const signature = isPlainObject(body.signature) ? (body.signature as Record<string, string>) : undefined;
    const problem = signatureProblem(signature, signingKey);
    if (problem) throw new ForbiddenException({ message: `Refused webhook: ${problem}` });
    await this.takeToken(signature!.token);

    const event = isPlainObject(body['event-data']) ? body['event-data'] : null;
    if (!event || typeof event.event !== 'string') throw invalid('event-data.event is required', [{ field: 'event-data.event', message: 'is required' }]);
    const mail = await this.findMail(event);
    if (!mail) throw new NotFoundException({ message: 'No mail for this event' });
    const state = mailStateOfEvent(event.event, event.severity);
    if (state) {
      const at = typeof event.timestamp === 'number' ? new Date(event.timestamp * 1000) : new Date();
      const storage = isPlainObject(event.storage) && typeof event.storage.url === 'string' ? { source: { url: event.storage.url } } : {};
      await this.records.addState({ userId: PROVIDER_ACTOR_ID, companyId: mail.companyId }, 'communicationMail', mail.id, state, storage, at);
    }
    return { mailId: mail.id, state };
  }

  private async takeToken(token: string): Promise<void> {
    if (!(await takeReplayToken(this.db, 'mailgun', token, WEBHOOK_MAX_AGE_SECONDS))) throw new ForbiddenException({ message: 'Refused webhook: signature.token was used before' });
  }

  private async findMail(event: Record<string, unknown>): Promise<{ id: string; companyId: string } | null> {
    const variables = isPlainObject(event['user-variables']) ? event['user-variables'] : {};
    const key = variables[MAILGUN_KEY_VARIABLE];
    if (typeof key === 'string' && /^[0-9a-f]{24}$/.test(key)) {
      const [row] = await this.db.query<{ id: string; company_id: string }>('SELECT id, company_id FROM communication_mail WHERE id = $1', [key]);
      if (row) return { id: row.id, companyId: row.company_id };
    }
    const message = isPlainObject(event.message) && isPlainObject(event.message.headers) ? event.message.headers['message-id'] : null;
    if (typeof message !== 'string' || typeof event.recipient !== 'string') return null;
    const [row] = await this.db.query<{ id: string; company_id: string }>(
      `SELECT id, company_id FROM communication_mail WHERE public_id = ANY($1::text[]) AND doc->'to' @> $2::jsonb LIMIT 1`,
      [[message, `<${message}>`], JSON.stringify([{ email: event.recipient }])],
    );
    return row ? { id: row.id, companyId: row.company_id } : null;
  }
}
