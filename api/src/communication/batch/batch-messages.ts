import { Inject, Injectable } from '@nestjs/common';
import { MISSING_PUSH_TOKEN } from '@backoffice/resources';
import { DATABASE, type Database } from '../../database/database';
import { TemplateLanguageError } from '../rendering/template-language';
import type { BatchMessage } from './batch-channel';
import { type BatchRecipient, BatchRenderer } from './batch-renderer';
import { type BatchRow, type ClaimedItem, type ItemOutcome, itemKey } from './batch-store';

interface RecipientRow {
  id: string;
  doc: Record<string, unknown>;
  has_push_token: boolean;
}

/** Turns claimed items into rendered messages (users read fresh at send time) and records what was sent. */
@Injectable()
export class BatchMessages {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly renderer: BatchRenderer,
  ) {}

  /**
   * Messages for the items that can be sent, and outcomes for those that cannot: declined without a push
   * token for notifications, error when the user is gone (archived, anonymous) or the template fails to render.
   * A render stopped by a limit throws instead (TemplateLimitError): the template would stop for every recipient, so
   * the batch pauses.
   */
  async render(batch: BatchRow, items: readonly ClaimedItem[]): Promise<{ messages: BatchMessage[]; outcomes: ItemOutcome[] }> {
    const userIds = items.map((item) => item.user_id).filter((id): id is string => id !== null);
    const users = userIds.length === 0 ? [] : await this.db.query<RecipientRow>(
      `SELECT u.id, u.doc, EXISTS (SELECT 1 FROM push_token t WHERE t.company_id = u.company_id AND t.user_ref_user_id = u.id) AS has_push_token
       FROM "user" u WHERE u.company_id = $1 AND u.id = ANY($2::text[]) AND u.email_anonymous IS NOT TRUE AND u.meta_archived IS NOT TRUE`,
      [batch.company_id, userIds],
    );
    const byId = new Map(users.map((user) => [user.id, user]));
    const outcomes: ItemOutcome[] = [];
    const renderable: { item: ClaimedItem; recipient: BatchRecipient }[] = [];
    for (const item of items) {
      const user = item.user_id ? byId.get(item.user_id) : undefined;
      if (item.user_id && !user) outcomes.push({ seq: item.seq, state: 'error', reason: 'recipient-unavailable' });
      else if (batch.kind === 'notification' && !user?.has_push_token) outcomes.push({ seq: item.seq, state: 'declined', reason: MISSING_PUSH_TOKEN });
      else renderable.push({ item, recipient: user ? { userId: user.id, user: user.doc } : { userId: null, manual: item.recipient } });
    }
    // a shutdown ends the renders (503), and the claimed chunk goes back instead of being rendered to the end
    const rendered = await this.renderer.renderAll(batch.company_id, batch.template, renderable.map((entry) => entry.recipient));
    const messages: BatchMessage[] = [];
    rendered.forEach((message, index) => {
      const { seq } = renderable[index].item;
      if (message instanceof TemplateLanguageError) outcomes.push({ seq, state: 'error', reason: `render-failed: ${message.message}` });
      else messages.push({ ...message, key: itemKey(batch.id, seq), seq });
    });
    return { messages, outcomes };
  }
}
