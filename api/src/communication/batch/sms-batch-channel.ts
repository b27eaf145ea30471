import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queryable } from '../../database/database';
import { WritePipeline } from '../../records/write-pipeline';
import { Audience } from '../delivery/audience';
import { Channels } from '../delivery/channels';
import type { BatchChannel, BatchMessage, BatchOrigin, BatchSendOutcome } from './batch-channel';
import { BatchChannels } from './batch-channels';
import { writeBatchRecords } from './batch-records';
import { messageRecordId } from './batch-store';

/**
 * Text messages of a batch through the SMS provider, one call per message (each has its own text), the record id
 * as the provider's reference so its delivery reports find the record. SMS is off unless the company's super
 * setting turns it on: then every item is declined. The provider cannot say what it took, so an item interrupted
 * mid-call ends in error rather than risk a second message.
 */
@Injectable()
export class SmsBatchChannel implements BatchChannel, OnModuleInit {
  constructor(
    private readonly channels: Channels,
    private readonly audience: Audience,
    private readonly pipeline: WritePipeline,
    private readonly batchChannels: BatchChannels,
  ) {}

  onModuleInit(): void {
    this.batchChannels.register('sms', this);
  }

  async send(companyId: string, _claimId: string, messages: readonly BatchMessage[]): Promise<BatchSendOutcome[]> {
    if (!(await this.audience.company(companyId)).smsEnabled) return messages.map((message) => ({ key: message.key, state: 'declined', reason: 'sms-disabled' }));
    const sendable = messages.filter((message) => message.to.mobile);
    const deliveries = new Map((await this.channels.sms.send(sendable.map((message) => ({ key: messageRecordId(message.key), to: message.to.mobile!, body: message.text })))).map((delivery) => [delivery.key, delivery]));
    return messages.map((message): BatchSendOutcome => {
      if (!message.to.mobile) return { key: message.key, state: 'declined', reason: 'missing-mobile' };
      const delivery = deliveries.get(messageRecordId(message.key))!;
      return delivery.ok ? { key: message.key, state: 'done', providerId: delivery.providerId ?? undefined } : { key: message.key, state: 'error', reason: delivery.error ?? 'sms-failed' };
    });
  }

  async accepted(): Promise<null> {
    return null;
  }

  /** The communicationSms records of what the provider took (state sent). */
  record(tx: Queryable, batch: BatchOrigin, messages: readonly BatchMessage[], outcomes: readonly BatchSendOutcome[]): Promise<void> {
    return writeBatchRecords(this.pipeline, tx, 'communicationSms', 'sent', batch, messages, outcomes, (message) => ({ fields: { body: message.text }, address: { phone: message.to.mobile } }));
  }
}
