import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import { WritePipeline } from '../../records/write-pipeline';
import { ChannelError } from '../channels/channel';
import { mailgunConfig } from '../channels/communication-config';
import { acceptedUnderMessageId, batchMessageId, sendPersonalisedBatch } from '../channels/mailgun-batch';
import { mailgunSettleWindowMs } from '../channels/settle-window';
import { type AcceptedLog, type AcceptedLogAnswer, type BatchChannel, type BatchMessage, type BatchOrigin, type BatchSendOutcome, ProviderRateLimited, ProviderUnavailable } from './batch-channel';
import { BatchChannels } from './batch-channels';
import { writeBatchRecords } from './batch-records';
import { messageRecordId } from './batch-store';

/**
 * Mail of a batch through Mailgun's batch sending: one call per chunk, each recipient's own message in it, under a
 * Message-Id made from the claim. Mailgun's events under that Message-Id are the log asked about a call that got no answer.
 */
@Injectable()
export class MailBatchChannel implements BatchChannel, OnModuleInit {
  private readonly logger = new Logger('MailBatchChannel');
  readonly acceptedLog: AcceptedLog = {
    settleWindowMs: () => mailgunSettleWindowMs(),
    read: (_companyId, claimId, messages) => this.readLog(claimId, messages),
  };

  constructor(
    @Inject(DATABASE) private readonly db: Database,
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
    const config = mailgunConfig();
    const ours = batchMessageId(claimId, config.domain);
    let messageId: string;
    try {
      messageId = await sendPersonalisedBatch(
        config,
        sendable.map((message) => ({ key: messageRecordId(message.key), to: { email: message.to.email!, name: message.to.name }, subject: message.subject, html: message.html, text: message.text })),
        ours,
      );
    } catch (error) {
      if (error instanceof ChannelError && error.status === 429) throw new ProviderRateLimited(error.retryAfterMs ?? 1000);
      if (error instanceof ChannelError) throw new ProviderUnavailable(error.message, !error.maybeTaken);
      throw error;
    }
    if (messageId !== `<${ours}>`) this.logger.warn(`Mailgun answered ${messageId} for the Message-Id <${ours}>: while it does not keep ours, mail of a call that gets no answer goes to a person`);
    return [...outcomes, ...sendable.map((message) => ({ key: message.key, state: 'done' as const, providerId: messageId }))];
  }

  /**
   * Mailgun's accepted events under the claim's Message-Id. Mailgun takes a batch call whole, so when part of it is
   * there the rest is no clear "not taken" (it stays uncertain); when none is, the call went nowhere, provided
   * Mailgun is known to keep our Message-Ids (else it may have gone out under another). Messages without an address
   * were never handed over.
   */
  private async readLog(claimId: string, messages: readonly BatchMessage[]): Promise<AcceptedLogAnswer> {
    const config = mailgunConfig();
    const logged = await acceptedUnderMessageId(config, batchMessageId(claimId, config.domain));
    const handedOver = messages.filter((message) => message.to.email);
    const accepted = new Set(handedOver.filter((message) => logged.has(messageRecordId(message.key))).map((message) => message.key));
    const notAccepted = new Set(messages.filter((message) => !message.to.email).map((message) => message.key));
    if (accepted.size === 0 && (await this.mailgunKeepsOurMessageIds(config.domain))) for (const message of handedOver) notAccepted.add(message.key);
    return { accepted, notAccepted };
  }

  /** Whether Mailgun has answered the Message-Id we gave a call as that call's id (done items keep the answer). */
  private async mailgunKeepsOurMessageIds(domain: string): Promise<boolean> {
    const answered = await this.db.query<{ claim_id: string; provider_id: string }>(`SELECT claim_id, provider_id FROM batch_item WHERE state = 'done' AND provider_id LIKE '<batch-%' LIMIT 20`);
    return answered.some((row) => row.provider_id === `<${batchMessageId(row.claim_id, domain)}>`);
  }

  /** The communicationMail records of what Mailgun accepted (state mg-accepted). */
  record(tx: Queryable, batch: BatchOrigin, messages: readonly BatchMessage[], outcomes: readonly BatchSendOutcome[]): Promise<void> {
    return writeBatchRecords(this.pipeline, tx, 'communicationMail', 'mg-accepted', batch, messages, outcomes, (message, providerId) => ({ fields: { subject: message.subject, ...(providerId && { publicId: providerId }) }, address: { email: message.to.email } }));
  }
}
