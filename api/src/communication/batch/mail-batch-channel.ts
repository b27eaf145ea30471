import { Injectable, type OnModuleInit } from '@nestjs/common';
import { findResource } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import type { Queryable } from '../../database/database';
import { WritePipeline } from '../../records/write-pipeline';
import { ChannelError } from '../channels/channel';
import { mailgunConfig } from '../channels/communication-config';
import { acceptedByVariable, sendPersonalisedBatch } from '../channels/mailgun-batch';
import { stateAt } from '../delivery/message-records';
import { type BatchChannel, type BatchMessage, type BatchOrigin, type BatchSendOutcome, ProviderRateLimited, ProviderUnavailable } from './batch-channel';
import { BatchChannels } from './batch-channels';
import { messageRecordId } from './batch-store';

const CLAIM_VARIABLE = 'batch-claim';

/** Mail of a batch through Mailgun's batch sending: one call per chunk, each recipient's own message in it. */
@Injectable()
export class MailBatchChannel implements BatchChannel, OnModuleInit {
  private readonly mailModel = findResource('communicationMail')!;

  constructor(
    private readonly pipeline: WritePipeline,
    private readonly channels: BatchChannels,
  ) {}

  onModuleInit(): void {
    this.channels.register('mail', this);
  }

  async send(_companyId: string, claimId: string, messages: readonly BatchMessage[]): Promise<BatchSendOutcome[]> {
    const sendable = messages.filter((message) => message.to.email);
    const outcomes: BatchSendOutcome[] = messages.filter((message) => !message.to.email).map((message) => ({ key: message.key, state: 'error', reason: 'missing-email' }));
    if (sendable.length === 0) return outcomes;
    let messageId: string;
    try {
      messageId = await sendPersonalisedBatch(
        mailgunConfig(),
        sendable.map((message) => ({ key: messageRecordId(message.key), to: { email: message.to.email!, name: message.to.name }, subject: message.subject, html: message.html, text: message.text })),
        { [CLAIM_VARIABLE]: claimId },
      );
    } catch (error) {
      if (error instanceof ChannelError && error.status === 429) throw new ProviderRateLimited(error.retryAfterMs ?? 1000);
      if (error instanceof ChannelError) throw new ProviderUnavailable(error.message, error.status !== null);
      throw error;
    }
    return [...outcomes, ...sendable.map((message) => ({ key: message.key, state: 'done' as const, providerId: messageId }))];
  }

  async accepted(_companyId: string, claimId: string, keys: readonly string[]): Promise<Set<string>> {
    const accepted = await acceptedByVariable(mailgunConfig(), CLAIM_VARIABLE, claimId);
    return new Set(keys.filter((key) => accepted.has(messageRecordId(key))));
  }

  /**
   * The communicationMail records of what Mailgun accepted (state mg-accepted), written in bulk through the write
   * pipeline as domain writes of the batch's creator (the batch checked its rights when it was made).
   */
  async record(tx: Queryable, batch: BatchOrigin, messages: readonly BatchMessage[], outcomes: readonly BatchSendOutcome[]): Promise<void> {
    const sent = new Map(outcomes.filter((outcome) => outcome.state === 'done').map((outcome) => [outcome.key, outcome.providerId ?? null]));
    const now = new Date();
    const created = stateAt('created', now);
    const accepted = stateAt('mg-accepted', now);
    const rows = messages.filter((message) => sent.has(message.key)).map((message) => ({
      id: messageRecordId(message.key),
      doc: {
        subject: message.subject,
        to: [{ ...(message.to.name && { name: message.to.name }), email: message.to.email, ...(message.userId && { userRef: { userId: message.userId } }) }],
        templateRef: { templateId: batch.template_id },
        ...(sent.get(message.key) && { publicId: sent.get(message.key) }),
        state: accepted,
        stateHistory: [created, accepted],
        meta: { createdAt: created.put.at.unix },
      },
    }));
    if (rows.length === 0) return;
    const creator: Actor = { userId: batch.created_by, companyId: batch.company_id, homeCompanyId: batch.company_id, rights: new Set(), access: [], thirdParty: false };
    await this.pipeline.writeMany(this.mailModel, creator, rows.map((row) => ({ before: null, input: row.doc, id: row.id })), { tx, domain: true });
  }
}
