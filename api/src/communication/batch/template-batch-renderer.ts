import { Injectable } from '@nestjs/common';
import { BatchRenderer, type BatchRecipient, type RenderedForBatch } from './batch-renderer';

// TEMPORARY until issue 13's rendering service is merged
@Injectable()
export class TemplateBatchRenderer extends BatchRenderer {
  async prepare(_companyId: string, template: Record<string, unknown>) {
    return async (recipient: BatchRecipient): Promise<RenderedForBatch> => {
      const name = 'user' in recipient ? String((recipient.user.name as { full?: string })?.full ?? '') : recipient.manual.name ?? '';
      const email = 'user' in recipient ? String((recipient.user.email as { value?: string })?.value ?? '') : recipient.manual.email ?? null;
      return { userId: recipient.userId, to: { name, email, mobile: null, language: 'en' }, subject: String((template.subject as { en?: string })?.en ?? ''), html: `<p>${name}</p>`, text: name };
    };
  }
}
