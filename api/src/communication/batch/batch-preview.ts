import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../auth/actor';
import { notFound } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import { requireSender } from './batch-access';
import { BatchRenderer } from './batch-renderer';
import { readBatch } from './batch-store';

/** One recipient's message of a batch, rendered server side for the preview frame and the results table. */
@Injectable()
export class BatchPreview {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly renderer: BatchRenderer,
  ) {}

  async preview(actor: Actor, batchId: string, seq: number): Promise<{ html: string; subject: string; rendered: string }> {
    requireSender(actor);
    const batch = await readBatch(this.db, actor.companyId, batchId);
    const [item] = batch && Number.isInteger(seq)
      ? await this.db.query<{ user_id: string | null; recipient: Record<string, unknown>; doc: Record<string, unknown> | null }>(
          `SELECT i.user_id, i.recipient, u.doc FROM batch_item i LEFT JOIN "user" u ON u.company_id = i.company_id AND u.id = i.user_id WHERE i.batch_id = $1 AND i.seq = $2`,
          [batchId, seq],
        )
      : [];
    if (!batch || !item) throw notFound('No such recipient in this batch');
    const render = await this.renderer.prepare(batch.company_id, batch.template);
    const message = await render(item.user_id && item.doc ? { userId: item.user_id, user: item.doc } : { userId: null, manual: item.recipient });
    return { html: message.html, subject: message.subject, rendered: message.text };
  }
}
