import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queryable } from '../../database/database';
import { Audience } from '../delivery/audience';
import { Channels } from '../delivery/channels';
import { pushMessageOf } from '../delivery/communication-sender';
import { type BatchChannel, type BatchMessage, type BatchSendOutcome, outcomeOfFailure, throwWhenRefusedWhole } from './batch-channel';
import { BatchChannels } from './batch-channels';

/**
 * Push notifications of a batch through Expo: every live token of each user (users without one were declined
 * before); done when one token took it. Expo keeps no idempotency key and no log of what it took that we could
 * ask, so an item whose hand-off got no answer goes to a person rather than risk a second notification.
 */
@Injectable()
export class PushBatchChannel implements BatchChannel, OnModuleInit {
  readonly acceptedLog = null;

  constructor(
    private readonly channels: Channels,
    private readonly audience: Audience,
    private readonly batchChannels: BatchChannels,
  ) {}

  onModuleInit(): void {
    this.batchChannels.register('notification', this);
  }

  async send(companyId: string, _claimId: string, messages: readonly BatchMessage[]): Promise<BatchSendOutcome[]> {
    const tokens = await this.audience.pushTokens(companyId, messages.map((message) => message.userId!).filter(Boolean));
    const pushes = messages.flatMap((message) =>
      tokens.filter((token) => token.userId === message.userId).map((token) => ({
        ...pushMessageOf(message, token.token),
        key: `${message.key}:${token.id}`,
      })),
    );
    const deliveries = pushes.length > 0 ? await this.channels.push.send(pushes) : [];
    throwWhenRefusedWhole(deliveries);
    return messages.map((message) => {
      const own = deliveries.filter((delivery) => delivery.key.startsWith(`${message.key}:`));
      const taken = own.find((delivery) => delivery.ok);
      if (taken) return { key: message.key, state: 'done', providerId: taken.providerId ?? undefined };
      if (own.length === 0) return { key: message.key, state: 'declined', reason: 'missing-push-token' };
      // a token that may have got it keeps the item from going out again; one refused for now sends it again later
      const failed = own.filter((delivery) => delivery.failure).map((delivery) => outcomeOfFailure(message.key, delivery.failure, delivery.error));
      const pending = failed.find((outcome) => outcome.state === 'uncertain') ?? failed.find((outcome) => outcome.state === 'retry');
      if (pending) return pending;
      return { key: message.key, state: 'error', reason: own[0].errorCode ?? own[0].error ?? 'push-failed' };
    });
  }

  /** Push notifications have no message records (the overviews list mail and SMS). */
  async record(_tx: Queryable): Promise<void> {}
}
