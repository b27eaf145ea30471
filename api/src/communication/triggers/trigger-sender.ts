import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import type { Doc } from '../../records/record-repository';
import { Audience } from '../delivery/audience';
import { CommunicationSender, type SendOutcome } from '../delivery/communication-sender';
import type { TemplateSource } from '../rendering/render-input';

/**
 * Sends the templates whose automatic send trigger (role) is `role` to users, once per cause: the cause is marked
 * sent for the user before sending, so a repeated or concurrent event for the same cause sends nothing. Anonymous
 * users are left out before anything is marked or recorded (the sender would decline them too).
 */
@Injectable()
export class TriggerSender {
  private readonly logger = new Logger('TriggerSender');

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly audience: Audience,
    private readonly sender: CommunicationSender,
  ) {}

  async fire(actor: Actor, role: string, cause: string, userIds: readonly string[], extras: Record<string, unknown> = {}, balances: ReadonlyMap<string, number> = new Map()): Promise<SendOutcome[]> {
    const templates = await this.db.query<{ id: string; doc: Doc }>('SELECT id, doc FROM template WHERE company_id = $1 AND role = $2 AND meta_archived IS NOT TRUE ORDER BY id', [actor.companyId, role]);
    if (templates.length === 0 || userIds.length === 0) return [];
    const known = (await this.audience.users(actor.companyId, [...new Set(userIds)])).filter((recipient) => !recipient.anonymous);
    if (known.length === 0) return [];
    const marked = new Set((await this.db.query<{ user_id: string }>(
      `INSERT INTO communication_trigger_sent (company_id, role, cause, user_id) SELECT $1, $2, $3, unnest($4::text[]) ON CONFLICT DO NOTHING RETURNING user_id`,
      [actor.companyId, role, cause, known.map((recipient) => recipient.userId)],
    )).map((row) => row.user_id));
    if (marked.size === 0) return [];
    const recipients = known.filter((recipient) => marked.has(recipient.userId!)).map((recipient) => ({ ...recipient, balanceCents: balances.get(recipient.userId!) ?? recipient.balanceCents }));
    const outcomes: SendOutcome[] = [];
    for (const template of templates) {
      outcomes.push(...(await this.sender.sendTemplate(actor, { ...(template.doc as unknown as TemplateSource), id: template.id }, recipients, extras)));
    }
    for (const outcome of outcomes.filter((entry) => entry.state === 'error')) this.logger.warn(`${role} for ${outcome.recipient.userId}: ${outcome.error}`);
    return outcomes;
  }
}
