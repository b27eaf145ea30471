import { Injectable } from '@nestjs/common';
import type { BatchChannel } from './batch-channel';

/** The channel of each template kind (mail, sms, notification), registered by the channels' module. */
@Injectable()
export class BatchChannels {
  private readonly channels = new Map<string, BatchChannel>();

  register(kind: string, channel: BatchChannel): void {
    this.channels.set(kind, channel);
  }

  has(kind: string): boolean {
    return this.channels.has(kind);
  }

  for(kind: string): BatchChannel {
    const channel = this.channels.get(kind);
    if (!channel) throw new Error(`no batch channel for ${kind} templates`);
    return channel;
  }
}
