import { Injectable } from '@nestjs/common';
import { Audience, recipientOfUser } from '../delivery/audience';
import type { Recipient, TemplateSource } from '../rendering/render-input';
import { RenderingService } from '../rendering/rendering.service';
import { BatchRenderer, type BatchRecipient, type RenderedForBatch } from './batch-renderer';

function recipientOf(recipient: BatchRecipient): Recipient {
  if ('user' in recipient) return recipientOfUser(recipient.userId, recipient.user);
  const { name, email, mobile, language } = recipient.manual;
  return { userId: null, name: { full: name ?? null }, email: email ?? null, mobile: mobile ?? null, language: language ?? null };
}

/** Batch messages from the one rendering service (communication/rendering), the company read once per chunk. */
@Injectable()
export class TemplateBatchRenderer extends BatchRenderer {
  constructor(
    private readonly rendering: RenderingService,
    private readonly audience: Audience,
  ) {
    super();
  }

  async prepare(companyId: string, template: Record<string, unknown>) {
    const { branding } = await this.audience.company(companyId);
    return async (batchRecipient: BatchRecipient): Promise<RenderedForBatch> => {
      const recipient = recipientOf(batchRecipient);
      const rendered = await this.rendering.renderMessage(companyId, template as unknown as TemplateSource, recipient, branding);
      const name = recipient.name.full || [recipient.name.first, recipient.name.last].filter(Boolean).join(' ') || null;
      return {
        userId: recipient.userId,
        to: { name, email: recipient.email ?? null, mobile: recipient.mobile ?? null, language: rendered.language },
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        ...(rendered.data && { data: rendered.data as Record<string, unknown> }),
        ...(rendered.androidChannelId && { androidChannelId: rendered.androidChannelId }),
      };
    };
  }
}
