import { Module } from '@nestjs/common';
import { Audience } from './delivery/audience';
import { Channels } from './delivery/channels';
import { CommunicationSender } from './delivery/communication-sender';
import { MailStateRules } from './delivery/mail-states';
import { MessageRecords } from './delivery/message-records';
import { RenderingService } from './rendering/rendering.service';

export { COMMUNICATION_ENVIRONMENT } from './channels/communication-config';

/**
 * Communication: the rendering service, the channels (Mailgun, SMS, Expo push) and the sender that records and
 * delivers. See README.md in this folder. Configuration: COMMUNICATION_ENVIRONMENT in channels/communication-config.ts.
 */
@Module({
  providers: [RenderingService, Audience, Channels, MessageRecords, CommunicationSender, MailStateRules],
  exports: [RenderingService, Audience, Channels, MessageRecords, CommunicationSender],
})
export class CommunicationModule {}
