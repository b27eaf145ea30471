import { Injectable } from '@nestjs/common';
import type { Actor } from '../../auth/actor';
import { RecordService } from '../../records/record.service';
import type { Recipient } from '../rendering/render-input';

export const moment = (at = new Date()) => ({ unix: Math.floor(at.getTime() / 1000), date: at.toISOString() });
export const stateAt = (id: string, at = new Date()) => ({ id, put: { at: moment(at) } });

/**
 * Sent messages are records nobody edits by hand (communicationMail and communicationSms allow no generic
 * writes), so their writes are domain writes (`{ domain: true }`): the caller has checked its own right to send.
 * The webhook and the triggers act for nobody in particular; reading the record back goes through the generic
 * read path, which they pass with the rights of the platform.
 */
export const domainWriter = (actor: Pick<Actor, 'userId' | 'companyId'> & Partial<Actor>): Actor => ({
  userId: actor.userId,
  companyId: actor.companyId,
  homeCompanyId: actor.homeCompanyId ?? actor.companyId,
  rights: new Set(['super']),
  access: [],
  thirdParty: false,
});

/** Writes made on a provider's word (its webhooks), not a user's: the audit log names this id as their actor. */
export const PROVIDER_ACTOR_ID = '000000000000000000000000';

const person = (recipient: Recipient) => recipient.name.full || [recipient.name.first, recipient.name.last].filter(Boolean).join(' ') || undefined;
const userRef = (recipient: Recipient) => (recipient.userId ? { userRef: { userId: recipient.userId } } : {});

/** The records of sent mail and SMS, each with its state history, written through RecordService. */
@Injectable()
export class MessageRecords {
  constructor(private readonly records: RecordService) {}

  /** A mail record in state created, before it is handed to Mailgun. */
  createMail(actor: Actor, recipient: Recipient, subject: string, templateId: string | null): Promise<string> {
    return this.createMessage(actor, 'communicationMail', { subject }, { email: recipient.email }, recipient, templateId);
  }

  /** An SMS record in state created, before it is handed to the SMS provider. */
  createSms(actor: Actor, recipient: Recipient, body: string, templateId: string | null): Promise<string> {
    return this.createMessage(actor, 'communicationSms', { body }, { phone: recipient.mobile }, recipient, templateId);
  }

  private async createMessage(actor: Actor, model: 'communicationMail' | 'communicationSms', content: Record<string, unknown>, address: Record<string, unknown>, recipient: Recipient, templateId: string | null): Promise<string> {
    const created = stateAt('created');
    const doc = await this.records.create(model, domainWriter(actor), {
      ...content,
      to: [{ name: person(recipient), ...address, ...userRef(recipient) }],
      ...(templateId && { templateRef: { templateId } }),
      state: created,
      stateHistory: [created],
    }, { domain: true });
    return String(doc._id);
  }

  /** Appends a state to the history; the state rules (state-history.ts) keep it from moving back. */
  async addState(actor: Pick<Actor, 'userId' | 'companyId'>, model: 'communicationMail' | 'communicationSms', id: string, stateId: string, extra: Record<string, unknown> = {}, at = new Date()): Promise<void> {
    const writer = domainWriter(actor);
    const current = await this.records.get(model, writer, id);
    const entry = stateAt(stateId, at);
    const history = [...((current.stateHistory as unknown[] | undefined) ?? []), entry];
    await this.records.update(model, writer, id, { ...extra, state: entry, stateHistory: history }, { domain: true });
  }
}
