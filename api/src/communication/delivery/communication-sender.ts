import { Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../auth/actor';
import { RecordService } from '../../records/record.service';
import type { Delivery, PushMessage } from '../channels/channel';
import { expoConfig } from '../channels/communication-config';
import type { Recipient, TemplateSource } from '../rendering/render-input';
import { type RenderedMessage, RenderingService } from '../rendering/rendering.service';
import { TemplateLanguageError, TemplateLimitError } from '../rendering/template-language';
import { channelOn } from './channel-service';
import { Audience } from './audience';
import { Channels } from './channels';
import { domainWriter, MessageRecords } from './message-records';

/** The spec's batch item outcomes: done, declined (cannot be sent to: anonymous, no push token, ...) or error. */
export type SendState = 'done' | 'declined' | 'error';
/** Why a message is not sent; `service-off`: the installation switched the channel's outside service off. */
export type DeclineReason = 'anonymous' | 'missing-email' | 'missing-mobile' | 'missing-push-token' | 'sms-disabled' | 'service-off';

export interface SendOutcome {
  recipient: Recipient;
  state: SendState;
  reason: DeclineReason | null;
  /** the communicationMail / communicationSms record (none for push) */
  recordId: string | null;
  /** the provider's message id(s) */
  providerId: string | null;
  error: string | null;
}

export interface TemplateToSend extends TemplateSource {
  /** the template record's id, kept on the sent records; null for an unsaved template (preview) */
  id: string | null;
}

/** What to send to one recipient when the message is already rendered (the batch sender's pre-rendered send). */
export interface RenderedItem {
  recipient: Recipient;
  rendered: RenderedMessage;
}

const outcome = (recipient: Recipient, state: SendState, extra: Partial<SendOutcome> = {}): SendOutcome => ({ recipient, state, reason: null, recordId: null, providerId: null, error: null, ...extra });

/**
 * Sends communications: renders (RenderingService), records first (state created), hands the messages to their
 * channel, then records what the channel answered. The one gate every path goes through, so anonymous users
 * are never sent anything and text messages stay off unless the company's super settings turn them on.
 * The caller checks its right to send; the sender checks who may receive.
 */
@Injectable()
export class CommunicationSender {
  private readonly logger = new Logger('CommunicationSender');

  constructor(
    private readonly rendering: RenderingService,
    private readonly records: MessageRecords,
    private readonly audience: Audience,
    private readonly channels: Channels,
    private readonly recordService: RecordService,
  ) {}

  /** Renders the template for each recipient and sends it over the template's channel; one outcome per recipient, in order. */
  async sendTemplate(actor: Actor, template: TemplateToSend, recipients: readonly Recipient[], extras: Record<string, unknown> = {}): Promise<SendOutcome[]> {
    const { branding } = await this.audience.company(actor.companyId);
    const messages = await this.rendering.renderMessages(actor.companyId, template, recipients, branding, extras).catch((error: unknown) => {
      // a render limit: the template stops for every recipient
      if (error instanceof TemplateLimitError) return recipients.map(() => error);
      throw error;
    });
    const items = recipients.map((recipient, index): RenderedItem | SendOutcome => {
      const message = messages[index];
      return message instanceof TemplateLanguageError ? outcome(recipient, 'error', { error: message.message }) : { recipient, rendered: message };
    });
    const rendered = items.filter((item): item is RenderedItem => 'rendered' in item);
    const sent = new Map((await this.sendRendered(actor, template.id, rendered)).map((result, index) => [rendered[index], result]));
    return items.map((item) => ('rendered' in item ? sent.get(item)! : item));
  }

  /** Sends messages rendered before (all of one kind or mixed); one outcome per item, in order. */
  async sendRendered(actor: Actor, templateId: string | null, items: readonly RenderedItem[]): Promise<SendOutcome[]> {
    const company = await this.audience.company(actor.companyId);
    const results = new Map<RenderedItem, SendOutcome>();
    const byKind = { mail: [] as RenderedItem[], sms: [] as RenderedItem[], notification: [] as RenderedItem[] };
    for (const item of items) {
      const declined = this.declineReason(item, company.smsEnabled);
      if (declined) results.set(item, outcome(item.recipient, 'declined', { reason: declined }));
      else byKind[item.rendered.kind].push(item);
    }
    for (const [item, result] of await this.sendMails(actor, templateId, byKind.mail)) results.set(item, result);
    for (const [item, result] of await this.sendSms(actor, templateId, byKind.sms)) results.set(item, result);
    for (const [item, result] of await this.sendPush(actor, byKind.notification)) results.set(item, result);
    return items.map((item) => results.get(item)!);
  }

  private declineReason({ recipient, rendered }: RenderedItem, smsEnabled: boolean): DeclineReason | null {
    if (recipient.anonymous) return 'anonymous';
    if (!channelOn(rendered.kind)) return 'service-off';
    if (rendered.kind === 'mail' && !recipient.email) return 'missing-email';
    if (rendered.kind === 'sms' && !smsEnabled) return 'sms-disabled';
    if (rendered.kind === 'sms' && !recipient.mobile) return 'missing-mobile';
    if (rendered.kind === 'notification' && !recipient.userId) return 'missing-push-token';
    return null;
  }

  private async sendMails(actor: Actor, templateId: string | null, items: readonly RenderedItem[]): Promise<Map<RenderedItem, SendOutcome>> {
    const results = new Map<RenderedItem, SendOutcome>();
    const recorded: { item: RenderedItem; id: string }[] = [];
    for (const item of items) {
      try {
        recorded.push({ item, id: await this.records.createMail(actor, item.recipient, item.rendered.subject, templateId) });
      } catch (error) {
        results.set(item, outcome(item.recipient, 'error', { error: (error as Error).message }));
      }
    }
    const deliveries = await this.channels.mail.send(
      recorded.map(({ item, id }) => ({ key: id, to: { email: item.recipient.email!, name: item.recipient.name.full }, subject: item.rendered.subject, html: item.rendered.html, text: item.rendered.text })),
    );
    for (const [index, delivery] of deliveries.entries()) {
      const { item, id } = recorded[index];
      await this.records.addState(actor, 'communicationMail', id, delivery.ok ? 'mg-accepted' : 'mg-rejected', delivery.providerId ? { publicId: delivery.providerId } : {});
      results.set(item, this.fromDelivery(item.recipient, id, delivery));
    }
    return results;
  }

  private async sendSms(actor: Actor, templateId: string | null, items: readonly RenderedItem[]): Promise<Map<RenderedItem, SendOutcome>> {
    const results = new Map<RenderedItem, SendOutcome>();
    for (const item of items) {
      let id: string;
      try {
        id = await this.records.createSms(actor, item.recipient, item.rendered.text, templateId);
      } catch (error) {
        results.set(item, outcome(item.recipient, 'error', { error: (error as Error).message }));
        continue;
      }
      const [delivery] = await this.channels.sms.send([{ key: id, to: item.recipient.mobile!, body: item.rendered.text }]);
      await this.records.addState(actor, 'communicationSms', id, delivery.ok ? 'sent' : 'failed');
      results.set(item, this.fromDelivery(item.recipient, id, delivery));
    }
    return results;
  }

  /** Push goes to every live token of the user; done when one took it. DeviceNotRegistered removes the token. */
  private async sendPush(actor: Actor, items: readonly RenderedItem[]): Promise<Map<RenderedItem, SendOutcome>> {
    const results = new Map<RenderedItem, SendOutcome>();
    if (items.length === 0) return results;
    const tokens = await this.audience.pushTokens(actor.companyId, items.map((item) => item.recipient.userId!));
    const messages: (PushMessage & { item: RenderedItem; tokenId: string })[] = [];
    for (const item of items) {
      const own = tokens.filter((token) => token.userId === item.recipient.userId);
      if (own.length === 0) results.set(item, outcome(item.recipient, 'declined', { reason: 'missing-push-token' }));
      for (const token of own) messages.push({ ...pushMessageOf(item.rendered, token.token), key: token.id, item, tokenId: token.id });
    }
    const deliveries = await this.channels.push.send(messages.map(({ item: _item, tokenId: _tokenId, ...message }) => message));
    const tickets: { ticketId: string; tokenId: string }[] = [];
    for (const [index, delivery] of deliveries.entries()) {
      const { item, tokenId } = messages[index];
      if (delivery.errorCode === 'DeviceNotRegistered') await this.forgetToken(actor, tokenId);
      if (delivery.ok && delivery.providerId) tickets.push({ ticketId: delivery.providerId, tokenId });
      const known = results.get(item);
      if (!known || (known.state !== 'done' && delivery.ok)) results.set(item, this.fromDelivery(item.recipient, null, delivery));
      else if (delivery.ok && known.providerId) known.providerId = `${known.providerId},${delivery.providerId}`;
    }
    if (tickets.length > 0) this.checkReceiptsLater(actor, tickets);
    return results;
  }

  /** Expo tells whether Apple or Google took a push only in the receipts, about 15 minutes later. */
  private checkReceiptsLater(actor: Actor, tickets: { ticketId: string; tokenId: string }[]): void {
    const timer = setTimeout(() => void this.checkReceipts(actor, tickets).catch((error) => this.logger.warn(`push receipts: ${(error as Error).message}`)), expoConfig().receiptDelayMs);
    timer.unref();
  }

  async checkReceipts(actor: Actor, tickets: readonly { ticketId: string; tokenId: string }[]): Promise<number> {
    const receipts = await this.channels.push.receipts(tickets.map((ticket) => ticket.ticketId));
    let dead = 0;
    for (const ticket of tickets) {
      if (receipts.get(ticket.ticketId)?.errorCode !== 'DeviceNotRegistered') continue;
      await this.forgetToken(actor, ticket.tokenId);
      dead++;
    }
    return dead;
  }

  private async forgetToken(actor: Actor, tokenId: string): Promise<void> {
    await this.recordService.remove('pushToken', domainWriter(actor), tokenId).catch(() => undefined);
  }

  private fromDelivery(recipient: Recipient, recordId: string | null, delivery: Delivery): SendOutcome {
    return outcome(recipient, delivery.ok ? 'done' : 'error', { recordId, providerId: delivery.providerId, error: delivery.error });
  }
}

/**
 * A rendered notification as Expo's message: title, body, the template's data (action, url, link kind) and its Android
 * channel; without one none is named, so Android shows it in the app's default channel (a channel the app has not
 * made would hide it).
 */
export function pushMessageOf(rendered: Pick<RenderedMessage, 'subject' | 'text' | 'data' | 'androidChannelId'>, to: string): Omit<PushMessage, 'key'> {
  return { to, title: rendered.subject, body: rendered.text, sound: 'default', data: { ...(rendered.data ?? {}) }, ...(rendered.androidChannelId && { channelId: rendered.androidChannelId }) };
}

