import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../auth/public.decorator';
import { MailgunWebhookService } from './mailgun-webhook.service';

@ApiTags('communication')
@Controller('communication/mail')
export class MailgunWebhookController {
  constructor(private readonly webhooks: MailgunWebhookService) {}

  @Public()
  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mailgun webhook (delivery events)',
    description:
      'Called by Mailgun, not by users. JSON `{signature: {timestamp, token, signature}, "event-data": {event, severity, recipient, message.headers.message-id, user-variables}}`. ' +
      'The signature (HMAC-SHA256 of timestamp + token with MAILGUN_WEBHOOK_SIGNING_KEY) must hold, the timestamp be at most 15 minutes off and the token new, else 403. ' +
      'Moves the mail to mg-accepted, mg-delivered, mg-opened, mg-clicked, mg-failed (permanent only), mg-complained or mg-unsubscribed and appends the state history; a state never moves back. ' +
      'Answers `{mailId, state}`; 404 when no mail matches (Mailgun then retries, as it does for any non-2xx).',
  })
  receive(@Body() body: unknown) {
    return this.webhooks.receive(body);
  }
}
