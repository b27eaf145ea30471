import type { ManualRecipient } from '@backoffice/resources';
import { TemplateLanguageError } from '../rendering/template-language';
import type { BatchMessage } from './batch-channel';

/** A batch recipient: a user of the company, or a manual entry (super admins' JSON or CSV groups). */
export type BatchRecipient = { userId: string; user: Record<string, unknown> } | { userId: null; manual: ManualRecipient };

export type RenderedForBatch = Pick<BatchMessage, 'to' | 'subject' | 'html' | 'text' | 'userId' | 'data' | 'androidChannelId'>;

/** Renders a batch's template for its recipients. */
export abstract class BatchRenderer {
  /**
   * Each recipient's message in order, or the error the template gives for them; a render limit throws
   * TemplateLimitError for them all (the template would stop for each).
   */
  abstract renderAll(companyId: string, template: Record<string, unknown>, recipients: readonly BatchRecipient[]): Promise<(RenderedForBatch | TemplateLanguageError)[]>;

  /** One recipient's message after another (an item's preview); a template that does not render for them throws its error. */
  async prepare(companyId: string, template: Record<string, unknown>): Promise<(recipient: BatchRecipient) => Promise<RenderedForBatch>> {
    return async (recipient) => {
      const [message] = await this.renderAll(companyId, template, [recipient]);
      if (message instanceof TemplateLanguageError) throw message;
      return message;
    };
  }
}
