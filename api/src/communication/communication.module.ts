import { Module } from '@nestjs/common';
import { FinanceModule } from '../finance/finance.module';
import { Audience } from './delivery/audience';
import { Channels } from './delivery/channels';
import { CommunicationSender } from './delivery/communication-sender';
import { MessageRecords } from './delivery/message-records';
import { MessageSecrets } from './delivery/message-secrets';
import { MessageStateRules } from './delivery/state-history';
import { CommunicationController } from './messages/communication.controller';
import { RenderingService } from './rendering/rendering.service';
import { TemplatePreviewController } from './templates/template-preview.controller';
import { EventReminderTrigger } from './triggers/event-reminder-trigger';
import { LowBalanceTrigger } from './triggers/low-balance-trigger';
import { RecordTriggers } from './triggers/record-triggers';
import { TimeslotNearbyTrigger } from './triggers/timeslot-nearby-trigger';
import { TriggerChecks } from './triggers/trigger-checks';
import { TriggerSender } from './triggers/trigger-sender';
import { MailgunWebhookController } from './webhooks/mailgun-webhook.controller';
import { MailgunWebhookService } from './webhooks/mailgun-webhook.service';
import { SmsWebhookController } from './webhooks/sms-webhook.controller';
import { SmsWebhookService } from './webhooks/sms-webhook.service';

/**
 * Communication: the rendering service, the channels (Mailgun, SMS, Expo push) and the sender that records and
 * delivers. See README.md in this folder. Configuration: the channels' settings in api/src/settings/settings.ts.
 */
@Module({
  imports: [FinanceModule],
  controllers: [TemplatePreviewController, CommunicationController, MailgunWebhookController, SmsWebhookController],
  providers: [
    RenderingService, Audience, Channels, MessageRecords, MessageSecrets, CommunicationSender, MessageStateRules, MailgunWebhookService, SmsWebhookService, TriggerSender,
    TriggerChecks, LowBalanceTrigger, TimeslotNearbyTrigger, RecordTriggers, EventReminderTrigger,
  ],
  exports: [RenderingService, Audience, Channels, MessageRecords, CommunicationSender, TriggerSender],
})
export class CommunicationModule {}
