import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queryable } from '../../database/database';
import { WritePipeline } from '../../records/write-pipeline';
import { ChannelError } from '../channels/channel';
import { mailgunConfig } from '../channels/communication-config';
import { acceptedByVariable, sendPersonalisedBatch } from '../channels/mailgun-batch';
import { type BatchChannel, type BatchMessage, type BatchOrigin, type BatchSendOutcome, ProviderRateLimited, ProviderUnavailable } from './batch-channel';
import { BatchChannels } from './batch-channels';
import { writeBatchRecords } from './batch-records';
import { messageRecordId } from './batch-store';

const CLAIM_VARIABLE = 'batch-claim';

/** Mail of a batch through Mailgun's batch sending: one call per chunk, each recipient's own message in it. */
@Injectable()
export class MailBatchChannel implements BatchChannel, OnModuleInit {
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

  /** The communicationMail records of what Mailgun accepted (state mg-accepted). */
  record(tx: Queryable, batch: BatchOrigin, messages: readonly BatchMessage[], outcomes: readonly BatchSendOutcome[]): Promise<void> {
    return writeBatchRecords(this.pipeline, tx, 'communicationMail', 'mg-accepted', batch, messages, outcomes, (message, providerId) => ({ fields: { subject: message.subject, ...(providerId && { publicId: providerId }) }, address: { email: message.to.email } }));
  }
}
