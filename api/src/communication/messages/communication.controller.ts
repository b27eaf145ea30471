import { BadGatewayException, Body, ConflictException, Controller, Get, HttpCode, NotFoundException, Param, Post, UnprocessableEntityException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ANY_ADMIN, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { forbidden } from '../../common/errors';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { RecordService } from '../../records/record.service';
import { requireChannel } from '../delivery/channel-service';
import { Audience } from '../delivery/audience';
import { Channels } from '../delivery/channels';
import { CommunicationSender } from '../delivery/communication-sender';
import type { TemplateSource } from '../rendering/render-input';
import { pushTestMessage } from './push-test-message';

export const PUSH_TEST_SENT = 'Sent test message!';
export const PUSH_TEST_FAILED = 'Could not send test message';
/** Expo's error codes of a ticket that blame the message, not the service (its push notification error codes). */
const REFUSED_MESSAGE_CODES = ['DeviceNotRegistered', 'MessageTooBig'];

/** Admins send communications (part 2 section 6: 'Other admins: ... send communications to non-anonymous users'). */
function mustCommunicate(actor: Actor): void {
  if (!actor.rights.has('super') && !ANY_ADMIN.some((right) => actor.rights.has(right))) throw forbidden('Only admins send communications');
}

@ApiTags('communication')
@Controller('company/communication')
export class CommunicationController {
  constructor(
    private readonly records: RecordService,
    private readonly audience: Audience,
    private readonly channels: Channels,
    private readonly sender: CommunicationSender,
  ) {}

  @Post('push-notification')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a test push notification',
    description:
      'Body: the push message fields `to` (Expo push token, required), `title`, `body`, `sound` (default or null), `data` (object or JSON), `ttl` (seconds, default 5), `subtitle`, `categoryId` (or the spec name `_category`), `badge`, `channelId` (priority, partners, reminders, news). ' +
      "Answers `{message: 'Sent test message!', ticketId}`; `Could not send test message` with the reason and Expo's code: 422 when Expo refuses the message (DeviceNotRegistered, MessageTooBig), 502 when Expo fails; 400 naming a bad field.",
  })
  async pushTest(@CurrentActor() actor: Actor, @Body() body: unknown) {
    mustCommunicate(actor);
    requireChannel('notification');
    const message = pushTestMessage(body);
    const [delivery] = await this.channels.push.send([message]);
    if (!delivery.ok) {
      const body = { message: PUSH_TEST_FAILED, reason: delivery.error, code: delivery.errorCode ?? null };
      // Expo refused this message (its token or its size): the request is at fault, not the provider
      throw REFUSED_MESSAGE_CODES.includes(delivery.errorCode ?? '') ? new UnprocessableEntityException(body) : new BadGatewayException(body);
    }
    return { message: PUSH_TEST_SENT, ticketId: delivery.providerId };
  }

  @Get('mail/:id/source')
  @ApiOperation({
    summary: 'The source of a sent mail (super admins)',
    description: "Answers `{source}`: the MIME source Mailgun stored for the mail (Mailgun keeps it about 3 days). 404 when no source is known or kept any more; 403 for anyone but super admins.",
  })
  async source(@CurrentActor() actor: Actor, @Param('id') id: string) {
    if (!actor.rights.has('super')) throw forbidden('Only super admins view mail sources');
    const mail = await this.records.get('communicationMail', actor, id);
    const url = getPath(mail, 'source.url');
    const source = typeof url === 'string' ? await this.channels.mail.source(url).catch(() => null) : null;
    if (!source) throw new NotFoundException({ message: 'The source of this mail is not kept (any more)' });
    return { source };
  }

  @Post('mail/:id/resend')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Resend a mail',
    description: "Renders the mail's template again for its recipient user and sends it as a new mail (the original keeps its history). Answers `{message, outcome}`; 409 `We could not resend mail to {name}!` when the mail has no template or user, or the recipient cannot be sent to.",
  })
  async resend(@CurrentActor() actor: Actor, @Param('id') id: string) {
    mustCommunicate(actor);
    requireChannel('mail');
    const mail = await this.records.get('communicationMail', actor, id);
    const to = ((mail.to as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
    const name = String(to.name || to.email || 'recipient');
    const refused = (outcome: unknown = null) => new ConflictException({ message: `We could not resend mail to ${name}!`, outcome });
    const templateId = getPath(mail, 'templateRef.templateId');
    const userId = getPath(to, 'userRef.userId');
    if (typeof templateId !== 'string' || typeof userId !== 'string') throw refused();
    const template = await this.records.get('template', actor, templateId).catch(() => null);
    const [recipient] = await this.audience.users(actor.companyId, [userId]);
    if (!template || !recipient) throw refused();
    const [outcome] = await this.sender.sendTemplate(actor, { ...(template as unknown as TemplateSource), id: templateId }, [recipient]);
    if (outcome.state !== 'done') throw refused(outcome);
    return { message: `Resent mail to ${name}`, outcome };
  }
}
