import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queryable } from '../../database/database';
import { Audience } from '../delivery/audience';
import { Channels } from '../delivery/channels';
import { pushMessageOf } from '../delivery/communication-sender';
import { type BatchChannel, type BatchMessage, type BatchSendOutcome, ProviderUnavailable } from './batch-channel';
import { BatchChannels } from './batch-channels';

/**
 * Push notifications of a batch through Expo: every live token of each user (users without one were declined
 * before); done when one token took it. Expo keeps no idempotency key and cannot say what it took, so an item
 * interrupted mid-call ends in error rather than risk a second notification.
 */
@Injectable()
export class PushBatchChannel implements BatchChannel, OnModuleInit {
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
    // a call that failed as a whole fails every message without a ticket error of its own
    if (deliveries.length > 0 && deliveries.every((delivery) => !delivery.ok && !delivery.errorCode)) throw new ProviderUnavailable(deliveries[0].error ?? 'Expo failed', true);
    return messages.map((message) => {
      const own = deliveries.filter((delivery) => delivery.key.startsWith(`${message.key}:`));
      const taken = own.find((delivery) => delivery.ok);
      if (taken) return { key: message.key, state: 'done', providerId: taken.providerId ?? undefined };
      if (own.length === 0) return { key: message.key, state: 'declined', reason: 'missing-push-token' };
      return { key: message.key, state: 'error', reason: own[0].errorCode ?? own[0].error ?? 'push-failed' };
    });
  }

  async accepted(): Promise<null> {
    return null;
  }

  /** Push notifications have no message records (the overviews list mail and SMS). */
  async record(_tx: Queryable): Promise<void> {}
}
