import { Injectable } from '@nestjs/common';
import type { MailChannel, PushChannel, SmsChannel } from '../channels/channel';
import { ExpoPushClient } from '../channels/expo-push-client';
import { MailgunClient } from '../channels/mailgun-client';
import { SmsClient } from '../channels/sms-client';

/** The channel clients the sender uses; each reads its configuration when it sends. */
@Injectable()
export class Channels {
  readonly mail: MailChannel = new MailgunClient();
  readonly sms: SmsChannel = new SmsClient();
  readonly push: PushChannel = new ExpoPushClient();
}
