import { Controller, Get, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../auth/public.decorator';
import { SMS_SIGNATURE_HEADER } from './sms-signature';
import { SmsWebhookService } from './sms-webhook.service';

@ApiTags('communication')
@Controller('communication/sms')
export class SmsWebhookController {
  constructor(private readonly webhooks: SmsWebhookService) {}

  @Public()
  @Get('webhook')
  @ApiOperation({
    summary: 'SMS provider delivery reports (MessageBird status reports)',
    description:
      'Called by the SMS provider, not by users: `GET ?id&reference&recipient&status&statusDatetime` with a `MessageBird-Signature-JWT` header. ' +
      'The JWT must be signed with SMS_WEBHOOK_SIGNING_KEY (HS256/384/512), issued by MessageBird, unexpired, live at most 15 minutes, with a jti not seen before and ' +
      'a url_hash of the URL called (SMS_WEBHOOK_URL plus the query string when set), else 403. `reference` is our SMS record id. ' +
      'Moves the SMS to scheduled, sent, buffered, delivered, expired or delivery_failed and appends the state history; a state never moves back. ' +
      'Answers `{smsId, state}`; 404 when no SMS matches.',
  })
  receive(@Req() request: Request) {
    return this.webhooks.receive({ url: `${request.protocol}://${request.get('host')}${request.originalUrl}`, signature: request.get(SMS_SIGNATURE_HEADER) });
  }
}
