import { Body, ConflictException, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PUSH_CHANNELS, isPlainObject, templateKind } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { invalid, notFound } from '../../common/errors';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { RecordService } from '../../records/record.service';
import { Audience } from '../delivery/audience';
import { requireChannel } from '../delivery/channel-service';
import { CommunicationSender } from '../delivery/communication-sender';
import type { TemplateSource } from '../rendering/render-input';
import { RenderingService } from '../rendering/rendering.service';
import { PREVIEW_EXTRAS, TEMPLATE_SUGGESTIONS } from './template-suggestions';

/** The template from an editor's form value: format, the localized texts and a known Android channel, nothing else. */
function templateOf(body: unknown): TemplateSource & { id: string | null } {
  const template = isPlainObject(body) && isPlainObject(body.template) ? body.template : null;
  if (!template || typeof template.format !== 'string') throw invalid('template.format is required', [{ field: 'template.format', message: 'is required' }]);
  const texts = (name: string) => (isPlainObject(template[name]) ? (template[name] as Record<string, string>) : {});
  const id = typeof template._id === 'string' && /^[0-9a-f]{24}$/.test(template._id) ? template._id : null;
  const androidChannelId = typeof template.androidChannelId === 'string' && template.androidChannelId in PUSH_CHANNELS ? template.androidChannelId : undefined;
  return { id, format: template.format, subject: texts('subject'), content: texts('content'), footer: texts('footer'), data: texts('data'), ...(androidChannelId && { androidChannelId }) };
}

@ApiTags('template')
@Controller('company/template')
export class TemplatePreviewController {
  constructor(
    private readonly records: RecordService,
    private readonly rendering: RenderingService,
    private readonly audience: Audience,
    private readonly sender: CommunicationSender,
  ) {}

  /**
   * The form's template, the signed-in user as recipient (a super admin acting in another company is read from
   * their own) and the company; rendering it once here makes a template that does not render a 400.
   */
  private async preview(actor: Actor, body: unknown) {
    this.records.resource('template', actor, 'update');
    const template = templateOf(body);
    // the id is recorded on the message it sends: it must name a template of the company (404 otherwise)
    if (template.id) await this.records.get('template', actor, template.id);
    const [me] = await this.audience.users(actor.homeCompanyId, [actor.userId]);
    if (!me) throw notFound('Your user record was not found');
    const { branding } = await this.audience.company(actor.companyId);
    return { template, me, result: await this.rendering.render(actor.companyId, template, me, branding, PREVIEW_EXTRAS) };
  }

  @Get('suggestions')
  @ApiOperation({ summary: "Suggested default templates ('From template')", description: 'Presets with format, name, role and texts; the editor opens one with `?template=<encoded preset>`.' })
  suggestions(@CurrentActor() actor: Actor) {
    this.records.resource('template', actor, 'create');
    return TEMPLATE_SUGGESTIONS;
  }

  @Post('render')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Render a template form value for preview',
    description: 'Body `{template: {format, subject, content, footer, data}}` (per language). Renders for the signed-in user with sample trigger data. Answers `{data: [{data: {html, subject, rendered}}]}`; a syntax error is a 400 whose errors name the field and line.',
  })
  async render(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return { data: [{ data: (await this.preview(actor, body)).result }] };
  }

  @Post('send-preview')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send the rendered template to the signed-in user',
    description: "Body as render. Sends over the template's channel (mail, SMS, push) and records it like any message. Answers `{message, outcome}`; 409 `We could not send to {name}!` when it could not be sent (declined or refused).",
  })
  async sendPreview(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const { template, me } = await this.preview(actor, body);
    const kind = templateKind(template.format);
    if (kind) requireChannel(kind);
    const [outcome] = await this.sender.sendTemplate(actor, template, [me], PREVIEW_EXTRAS);
    const name = me.name.full || me.email || 'you';
    if (outcome.state !== 'done') throw new ConflictException({ message: `We could not send to ${name}!`, outcome });
    return { message: `Sent preview to ${name}`, outcome };
  }
}
