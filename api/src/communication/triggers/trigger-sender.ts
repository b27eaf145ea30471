import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import type { Doc } from '../../records/record-repository';
import { Audience } from '../delivery/audience';
import { CommunicationSender, type SendOutcome } from '../delivery/communication-sender';
import type { Recipient, TemplateSource } from '../rendering/render-input';

/**
 * Sends the templates whose automatic send trigger (role) is `role` to users. `fire` sends once per cause: the cause
 * is marked sent for the user before sending, so a repeated or concurrent event for the same cause sends nothing.
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
    const templates = await this.templatesOf(actor, role);
    if (templates.length === 0 || userIds.length === 0) return [];
    const marked = await this.db.query<{ user_id: string }>(
      `INSERT INTO communication_trigger_sent (company_id, role, cause, user_id) SELECT $1, $2, $3, unnest($4::text[]) ON CONFLICT DO NOTHING RETURNING user_id`,
      [actor.companyId, role, cause, [...new Set(userIds)]],
    );
    if (marked.length === 0) return [];
    const recipients = (await this.audience.users(actor.companyId, marked.map((row) => row.user_id))).map((recipient) => ({ ...recipient, balanceCents: balances.get(recipient.userId!) ?? recipient.balanceCents }));
    return this.sendEach(actor, role, templates, recipients, extras);
  }

  /** Sends the templates of `role` to the users now, however often they had them before (an admin's decision). */
  async send(actor: Actor, role: string, userIds: readonly string[], extras: Record<string, unknown> = {}): Promise<SendOutcome[]> {
    const templates = await this.templatesOf(actor, role);
    if (templates.length === 0 || userIds.length === 0) return [];
    return this.sendEach(actor, role, templates, await this.audience.users(actor.companyId, userIds), extras);
  }

  private templatesOf(actor: Actor, role: string): Promise<{ id: string; doc: Doc }[]> {
    return this.db.query<{ id: string; doc: Doc }>('SELECT id, doc FROM template WHERE company_id = $1 AND role = $2 AND meta_archived IS NOT TRUE ORDER BY id', [actor.companyId, role]);
  }

  private async sendEach(actor: Actor, role: string, templates: readonly { id: string; doc: Doc }[], recipients: readonly Recipient[], extras: Record<string, unknown>): Promise<SendOutcome[]> {
    const outcomes: SendOutcome[] = [];
    for (const template of templates) {
      outcomes.push(...(await this.sender.sendTemplate(actor, { ...(template.doc as unknown as TemplateSource), id: template.id }, recipients, extras)));
    }
    for (const outcome of outcomes.filter((entry) => entry.state === 'error')) this.logger.warn(`${role} for ${outcome.recipient.userId}: ${outcome.error}`);
    return outcomes;
  }
}

/** Runs a check once the write that caused it has committed (hooks run inside the write's transaction). */
export function afterCommit(run: () => Promise<unknown>, logger: Logger, delayMs = Number(process.env.TRIGGER_DELAY_MS ?? 1000)): void {
  const timer = setTimeout(() => void run().catch((error: Error) => logger.warn(error.message)), delayMs);
  timer.unref();
}
