import { Injectable } from '@nestjs/common';
import { Audience, recipientOfUser } from '../delivery/audience';
import type { Recipient, TemplateSource } from '../rendering/render-input';
import { RenderingService } from '../rendering/rendering.service';
import { TemplateLanguageError } from '../rendering/template-language';
import { BatchRenderer, type BatchRecipient, type RenderedForBatch } from './batch-renderer';

function recipientOf(recipient: BatchRecipient): Recipient {
  if ('user' in recipient) return recipientOfUser(recipient.userId, recipient.user);
  const { name, email, mobile, language } = recipient.manual;
  return { userId: null, name: { full: name ?? null }, email: email ?? null, mobile: mobile ?? null, language: language ?? null };
}

/** Batch messages from the one rendering service (communication/rendering), the company read once per call. */
@Injectable()
export class TemplateBatchRenderer extends BatchRenderer {
  constructor(
    private readonly rendering: RenderingService,
    private readonly audience: Audience,
  ) {
    super();
  }

  async renderAll(companyId: string, template: Record<string, unknown>, batchRecipients: readonly BatchRecipient[]): Promise<(RenderedForBatch | TemplateLanguageError)[]> {
    const { branding } = await this.audience.company(companyId);
    const recipients = batchRecipients.map(recipientOf);
    const rendered = await this.rendering.renderMessages(companyId, template as unknown as TemplateSource, recipients, branding);
    return rendered.map((message, index) => {
      if (message instanceof TemplateLanguageError) return message;
      const recipient = recipients[index];
      const name = recipient.name.full || [recipient.name.first, recipient.name.last].filter(Boolean).join(' ') || null;
      return {
        userId: recipient.userId,
        to: { name, email: recipient.email ?? null, mobile: recipient.mobile ?? null, language: message.language },
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.data && { data: message.data as Record<string, unknown> }),
        ...(message.androidChannelId && { androidChannelId: message.androidChannelId }),
      };
    });
  }
}
