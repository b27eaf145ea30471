import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queryable } from '../../database/database';
import { WritePipeline } from '../../records/write-pipeline';
import { smsSettleWindowMs } from '../channels/settle-window';
import { Audience } from '../delivery/audience';
import { Channels } from '../delivery/channels';
import { type AcceptedLog, type AcceptedLogAnswer, type BatchChannel, type BatchMessage, type BatchOrigin, type BatchSendOutcome, outcomeOfFailure, throwWhenRefusedWhole } from './batch-channel';
import { BatchChannels } from './batch-channels';
import { writeBatchRecords } from './batch-records';
import { messageRecordId } from './batch-store';

/** The provider's clock may run behind ours: the log is read from this long before the claim was made. */
const CLOCK_MARGIN_MS = 5 * 60_000;
/** A claim id starts with the unix second it was made, as every id does. */
const madeAt = (claimId: string) => new Date(parseInt(claimId.slice(0, 8), 16) * 1000);

/**
 * Text messages of a batch through the SMS provider, one call per message (each has its own text), the record id
 * as the provider's reference so its delivery reports find the record, and so its list of messages shows what it
 * took (the log asked about a message that got no answer). SMS is off unless the company's super setting turns it
 * on: then every item is declined.
 */
@Injectable()
export class SmsBatchChannel implements BatchChannel, OnModuleInit {
  readonly acceptedLog: AcceptedLog = {
    settleWindowMs: () => smsSettleWindowMs(),
    read: (_companyId, claimId, messages) => this.readLog(claimId, messages),
  };

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
    const sent = await this.channels.sms.send(sendable.map((message) => ({ key: messageRecordId(message.key), to: message.to.mobile!, body: message.text })));
    throwWhenRefusedWhole(sent);
    const deliveries = new Map(sent.map((delivery) => [delivery.key, delivery]));
    return messages.map((message): BatchSendOutcome => {
      if (!message.to.mobile) return { key: message.key, state: 'declined', reason: 'missing-mobile' };
      const delivery = deliveries.get(messageRecordId(message.key))!;
      return delivery.ok ? { key: message.key, state: 'done', providerId: delivery.providerId ?? undefined } : outcomeOfFailure(message.key, delivery.failure, delivery.error ?? 'sms-failed');
    });
  }

  /** Each number's messages since the claim was made, by the reference (record id) each carries; a message without a number was never sent. */
  private async readLog(claimId: string, messages: readonly BatchMessage[]): Promise<AcceptedLogAnswer> {
    const since = new Date(madeAt(claimId).getTime() - CLOCK_MARGIN_MS);
    const answer: AcceptedLogAnswer = { accepted: new Set(), notAccepted: new Set() };
    for (const message of messages) {
      const taken = message.to.mobile && (await this.channels.sms.referencesSentTo(message.to.mobile, since)).has(messageRecordId(message.key));
      (taken ? answer.accepted : answer.notAccepted).add(message.key);
    }
    return answer;
  }

  /** The communicationSms records of what the provider took (state sent). */
  record(tx: Queryable, batch: BatchOrigin, messages: readonly BatchMessage[], outcomes: readonly BatchSendOutcome[]): Promise<void> {
    return writeBatchRecords(this.pipeline, tx, 'communicationSms', 'sent', batch, messages, outcomes, (message) => ({ fields: { body: message.text }, address: { phone: message.to.mobile } }));
  }
}
