import type { ManualRecipient } from '@backoffice/resources';
import type { BatchMessage } from './batch-channel';

/** A batch recipient: a user of the company, or a manual entry (super admins' JSON or CSV groups). */
export type BatchRecipient = { userId: string; user: Record<string, unknown> } | { userId: null; manual: ManualRecipient };

export type RenderedForBatch = Pick<BatchMessage, 'to' | 'subject' | 'html' | 'text' | 'userId' | 'data' | 'androidChannelId'>;

/** Renders a batch's template for one recipient after another; `prepare` does the per-batch work once. */
export abstract class BatchRenderer {
  abstract prepare(companyId: string, template: Record<string, unknown>): Promise<(recipient: BatchRecipient) => Promise<RenderedForBatch>>;
}
