import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { invalid } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import { smsConfig } from '../channels/communication-config';
import { MessageRecords, PROVIDER_ACTOR_ID } from '../delivery/message-records';
import { smsStateOfStatus } from '../delivery/sms-states';
import { takeReplayToken } from './replay-tokens';
import { SMS_SIGNATURE_MAX_LIFETIME_SECONDS, verifySmsSignature } from './sms-signature';

/** A delivery report as the provider calls it: the full URL it called and the signature header. */
export interface SmsReportCall {
  url: string;
  signature: unknown;
}

/**
 * The SMS provider's delivery reports (MessageBird: a GET with id, reference, recipient, status, statusDatetime in
 * the query): checked signature, refused replays, then the SMS named by `reference` (our record id, sent with the
 * message) moves to the reported state; the state rules keep it from moving back.
 */
@Injectable()
export class SmsWebhookService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: MessageRecords,
  ) {}

  async receive(call: SmsReportCall): Promise<{ smsId: string; state: string | null }> {
    const { signingKey, webhookUrl } = smsConfig();
    if (!signingKey) throw new ForbiddenException({ message: 'SMS delivery reports are not configured (SMS_WEBHOOK_SIGNING_KEY)' });
    const called = new URL(call.url);
    const verified = verifySmsSignature(call.signature, webhookUrl ? `${webhookUrl}${called.search}` : call.url, Buffer.alloc(0), signingKey);
    if ('problem' in verified) throw new ForbiddenException({ message: `Refused webhook: ${verified.problem}` });
    if (!(await takeReplayToken(this.db, 'sms', verified.claims.jti, SMS_SIGNATURE_MAX_LIFETIME_SECONDS))) throw new ForbiddenException({ message: 'Refused webhook: the signature was used before' });

    const reference = called.searchParams.get('reference');
    const status = called.searchParams.get('status');
    const missing = [!reference && 'reference', !status && 'status'].filter((name): name is string => Boolean(name));
    if (missing.length > 0) throw invalid(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`, missing.map((field) => ({ field, message: 'is required' })));
    const [sms] = /^[0-9a-f]{24}$/.test(reference!) ? await this.db.query<{ id: string; company_id: string }>('SELECT id, company_id FROM communication_sms WHERE id = $1', [reference]) : [];
    if (!sms) throw new NotFoundException({ message: 'No SMS for this report' });
    const state = smsStateOfStatus(status);
    if (state) {
      const at = new Date(called.searchParams.get('statusDatetime') ?? '');
      await this.records.addState({ userId: PROVIDER_ACTOR_ID, companyId: sms.company_id }, 'communicationSms', sms.id, state, {}, Number.isNaN(at.getTime()) ? new Date() : at);
    }
    return { smsId: sms.id, state };
  }
}
