import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AgeVerificationAnswer, Doc } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { TriggerSender } from '../communication/triggers/trigger-sender';
import { DATABASE, type Database } from '../database/database';
import { RecordService } from '../records/record.service';
import { requireRight } from './user-access';

/** How many users the review modal receives at once; it asks again when they are done. */
const QUEUE_PAGE = 100;

export type AgeDecision = 'accept' | 'reject' | 'skip';

const DECISIONS: Record<AgeDecision, { patch: Doc | null; message: AgeVerificationAnswer['message']; templateRole: string | null }> = {
  accept: { patch: { birthdayVerified: true }, message: 'User birthday verified', templateRole: 'userBirthdayVerifyAccept' },
  reject: { patch: { birthdayVerified: false, image: { identity: null } }, message: 'User birthday rejected', templateRole: 'userBirthdayVerifyReject' },
  skip: { patch: null, message: 'User skipped', templateRole: null },
};

/** Age verification (part 2 sections 2 and 4): user admins review identity pictures one user at a time. */
@Injectable()
export class AgeVerificationService {
  private readonly logger = new Logger('AgeVerification');

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: RecordService,
    private readonly triggers: TriggerSender,
  ) {}

  /** Users whose birthday is not verified (pending or rejected) and who have an identity picture, oldest first. */
  async queue(actor: Actor): Promise<{ data: Doc[]; total: number }> {
    requireRight(actor, 'user', 'verify ages');
    const where = `company_id = $1 AND birthday_verified IS NOT TRUE AND meta_archived IS NOT TRUE AND doc #>> '{image,identity}' IS NOT NULL`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<{ id: string }>(`SELECT id FROM "user" WHERE ${where} ORDER BY id LIMIT ${QUEUE_PAGE}`, [actor.companyId]),
      this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM "user" WHERE ${where}`, [actor.companyId]),
    ]);
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return { data: [], total };
    const { records } = await this.records.list('user', actor, {
      _id_in: ids.join(','),
      _end: String(ids.length),
      _sort: '_id',
      _select: '_id,name.full,email.value,birthday.date,birthday.unix,image.identity,birthdayVerified',
    });
    return { data: records, total };
  }

  /**
   * Accept and reject save the decision, then send the company's templates of the decision's role to the user
   * (never to anonymous users: the sender declines them). The decision stands when a message cannot be sent.
   */
  async decide(actor: Actor, userId: string, decision: AgeDecision): Promise<AgeVerificationAnswer> {
    requireRight(actor, 'user', 'verify ages');
    const { patch, message, templateRole } = DECISIONS[decision];
    if (!patch) return { user: await this.records.get('user', actor, userId), message, templateId: null, sent: 0 };
    const user = await this.records.update('user', actor, userId, patch);
    return { user, message, templateId: await this.templateOf(actor, templateRole!), sent: await this.sendDecision(actor, userId, templateRole!) };
  }

  private async sendDecision(actor: Actor, userId: string, role: string): Promise<number> {
    try {
      const outcomes = await this.triggers.send(actor, role, [userId]);
      return outcomes.filter((outcome) => outcome.state === 'done').length;
    } catch (error) {
      this.logger.warn(`${role} for ${userId}: ${(error as Error).message}`);
      return 0;
    }
  }

  /** The company's active template for a role, which the message to the user is rendered from. */
  private async templateOf(actor: Actor, role: string): Promise<string | null> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM template WHERE company_id = $1 AND role = $2 AND meta_archived IS NOT TRUE ORDER BY id LIMIT 1`,
      [actor.companyId, role],
    );
    return rows[0]?.id ?? null;
  }
}
