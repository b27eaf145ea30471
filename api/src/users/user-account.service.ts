import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_SCOPES_BY_MODEL,
  type AccessEntry,
  DEFAULT_PASSWORD_MIN_LENGTH,
  type Doc,
  OBJECT_ID,
  findResource,
  getPath,
  passwordProblem,
  splitIds,
} from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { verifyPassword } from '../auth/passwords';
import { endSessions } from '../auth/session.service';
import { conflict, forbidden, invalid } from '../common/errors';
import { DATABASE, type Database } from '../database/database';
import { quote, tableName } from '../database/naming';
import { RecordService } from '../records/record.service';
import { requireRight } from './user-access';

const text = (body: unknown, key: string): string => {
  const value = (body as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${key} is required`, [{ field: key, message: 'required' }]);
  return value;
};

/** Account actions of the user edit page (part 2 section 2); each checks its right here. */
@Injectable()
export class UserAccountService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: RecordService,
  ) {}

  /** Links a tag (bracelet) by its identifier; only when none is linked. */
  async linkBracelet(actor: Actor, userId: string, body: unknown): Promise<{ data: { bracelet: Doc } }> {
    requireRight(actor, 'super', 'link tags');
    const tag = text(body, 'tag').trim();
    const user = await this.records.get('user', actor, userId);
    if (getPath(user, 'bracelet.state.id') === 'linked') throw conflict('This user already has a linked tag: unlink it first');
    const saved = await this.records.update('user', actor, userId, { bracelet: { state: { id: 'linked' }, tag: { value: tag } } });
    return { data: { bracelet: saved.bracelet as Doc } };
  }

  async unlinkBracelet(actor: Actor, userId: string): Promise<{ data: { bracelet: Doc } }> {
    requireRight(actor, 'super', 'unlink tags');
    const user = await this.records.get('user', actor, userId);
    if (getPath(user, 'bracelet.state.id') !== 'linked') throw conflict('This user has no linked tag');
    const saved = await this.records.update('user', actor, userId, { bracelet: { state: { id: 'unlinked' }, tag: { value: null } } });
    return { data: { bracelet: saved.bracelet as Doc } };
  }

  /** The global password card: super admins change their own password, knowing the current one. */
  async changeOwnPassword(actor: Actor, userId: string, body: unknown): Promise<{ data: { changed: true } }> {
    requireRight(actor, 'super', 'change the global password');
    if (userId !== actor.userId || actor.companyId !== actor.homeCompanyId) throw forbidden('You may only change your own global password');
    const current = text(body, 'currentPassword');
    const next = text(body, 'newPassword');
    const [row] = await this.db.query<{ password: unknown; min: unknown }>(
      `SELECT u.doc #>> '{security,password,value}' AS password, c.doc #>> '{settings,userPasswordMinLength}' AS min
         FROM "user" u JOIN company c ON c.company_id = u.company_id AND c.id = u.company_id
        WHERE u.company_id = $1 AND u.id = $2`,
      [actor.homeCompanyId, userId],
    );
    if (!row || !(await verifyPassword(row.password, current))) throw invalid('The current password is not right', [{ field: 'currentPassword', message: 'not right' }]);
    const problem = passwordProblem(next, Number(row.min) || DEFAULT_PASSWORD_MIN_LENGTH);
    if (problem) throw invalid(problem, [{ field: 'newPassword', message: problem }]);
    await this.records.update('user', actor, userId, { security: { password: { value: next } } });
    return { data: { changed: true } };
  }

  /** The 'Other' card (super): signs the user out on every device; the super admin's own session stays. */
  async endSessions(actor: Actor, userId: string): Promise<{ data: { ended: number } }> {
    requireRight(actor, 'super', 'sign users out everywhere');
    await this.records.get('user', actor, userId);
    return { data: { ended: await endSessions(this.db, actor.companyId, { every: [], others: [userId] }, actor.sessionKey ?? null) } };
  }

  /**
   * Batch add of access rights (super): ids separated by commas or whitespace, deduplicated, keeping only
   * records of the model that exist in the company and are not already granted. 'Added no rights' when none is left.
   */
  async addAccessRights(actor: Actor, userId: string, body: unknown): Promise<{ data: Doc; added: number; message?: string }> {
    requireRight(actor, 'super', 'add access rights in batch');
    const accessModel = text(body, 'accessModel');
    const accessScope = text(body, 'accessScope');
    const scopes = ACCESS_SCOPES_BY_MODEL[accessModel];
    if (!scopes) throw invalid(`accessModel must be one of ${Object.keys(ACCESS_SCOPES_BY_MODEL).join(', ')}`, [{ field: 'accessModel', message: 'unknown model' }]);
    if (!['view', 'edit'].includes(accessScope) || !scopes.includes(accessScope)) {
      throw invalid(`accessScope ${accessScope} cannot be given per item for ${accessModel}`, [{ field: 'accessScope', message: 'not allowed per item' }]);
    }
    const ids = splitIds(text(body, 'ids')).filter((id) => OBJECT_ID.test(id));
    const user = await this.records.get('user', actor, userId);
    const entries = (user.accessRef as AccessEntry[] | undefined) ?? [];
    const existing = ids.length === 0 ? [] : await this.db.query<{ id: string }>(
      `SELECT id FROM ${quote(tableName(findResource(accessModel)!))} WHERE company_id = $1 AND id = ANY($2::text[])`,
      [actor.companyId, ids],
    );
    const found = new Set(existing.map((row) => row.id));
    const granted = new Set(entries.filter((entry) => entry.accessModel === accessModel && entry.accessScope === accessScope).map((entry) => entry.accessId));
    const added = ids.filter((id) => found.has(id) && !granted.has(id)).map((accessId) => ({ accessModel, accessScope, accessId }));
    if (added.length === 0) return { data: user, added: 0, message: 'Added no rights' };
    return { data: await this.records.update('user', actor, userId, { accessRef: [...entries, ...added] }), added: added.length };
  }
}
