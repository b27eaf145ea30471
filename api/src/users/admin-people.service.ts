import { Injectable } from '@nestjs/common';
import { type Doc, OBJECT_ID, getPath, platformRights } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { RecordService } from '../records/record.service';
import type { WriteOptions } from '../records/write-pipeline';
import { requireRight } from './user-access';

const THIRD_PARTY = 'third-party';
/** the spec's page size of the admin screen's lists */
const LIST_SIZE = '5000';

type BlockedEntry = { userId: string; user?: Doc };

function userIdOf(body: unknown): string {
  const userId = (body as { userId?: unknown } | null)?.userId;
  if (typeof userId !== 'string' || !OBJECT_ID.test(userId)) throw invalid('userId must be a user id', [{ field: 'userId', message: 'must be a user id' }]);
  return userId;
}

const nameOf = (user: Doc) => (getPath(user, 'name.full') as string | undefined) || (getPath(user, 'email.value') as string | undefined) || String(user._id);

/**
 * The admin screen's Third parties and Blocked users tabs (part 2 section 2): company admins mark users as third
 * parties and block or unblock them. Writes go through the record service (audit, who may act on whom).
 */
@Injectable()
export class AdminPeopleService {
  constructor(private readonly records: RecordService) {}

  /** Active, non-anonymous third-party users with their access rights. */
  async thirdParties(actor: Actor): Promise<{ data: Doc[] }> {
    requireRight(actor, 'company', 'manage third parties');
    const { records } = await this.records.list('user', actor, {
      '_projectSpecific.rights': THIRD_PARTY,
      'meta.archived': 'false',
      'email.anonymous': 'false',
      _end: LIST_SIZE,
      _sort: 'name.full',
      _select: '_id,name.full,email.value,accessRef',
    });
    return { data: records };
  }

  async addThirdParty(actor: Actor, body: unknown): Promise<{ data: Doc }> {
    requireRight(actor, 'company', 'manage third parties');
    const userId = userIdOf(body);
    const user = await this.records.get('user', actor, userId);
    if (getPath(user, 'email.anonymous') === true) throw invalid('Anonymous users cannot be third parties');
    const rights = platformRights(user);
    if (rights.includes(THIRD_PARTY)) return { data: user };
    return { data: await this.records.update('user', actor, userId, { _projectSpecific: { rights: [...rights, THIRD_PARTY] } }) };
  }

  /** Remove all: the user loses every access right and is no longer a third party. */
  async removeThirdParty(actor: Actor, userId: string): Promise<{ data: Doc }> {
    requireRight(actor, 'company', 'manage third parties');
    const user = await this.records.get('user', actor, userId);
    const rights = platformRights(user).filter((right) => right !== THIRD_PARTY);
    return { data: await this.records.update('user', actor, userId, { accessRef: [], _projectSpecific: { rights } }) };
  }

  async blocked(actor: Actor): Promise<{ data: BlockedEntry[] }> {
    requireRight(actor, 'company', 'see blocked users');
    return this.blockedList(actor);
  }

  private async blockedList(actor: Actor): Promise<{ data: BlockedEntry[] }> {
    const company = await this.records.get('company', actor, actor.companyId, { _populate: 'userBlockedRef.user' });
    return { data: (getPath(company, 'userBlockedRef') as BlockedEntry[] | undefined) ?? [] };
  }

  async block(actor: Actor, body: unknown): Promise<{ data: BlockedEntry[]; message: string }> {
    requireRight(actor, 'company', 'block users');
    const userId = userIdOf(body);
    const user = await this.records.get('user', actor, userId);
    const entries = await this.blockedIds(actor);
    if (!entries.includes(userId)) await this.saveBlocked(actor, [...entries, userId]);
    return { ...(await this.blocked(actor)), message: `Added ${nameOf(user)} to the blocked users` };
  }

  /**
   * The spec ties taking a user off the blocked list to the user role (part 2 section 6): user admins may, through
   * this endpoint only (a domain write of the company's list), and who may act on whom still holds for the person.
   */
  async unblock(actor: Actor, userId: string): Promise<{ data: BlockedEntry[]; message: string }> {
    requireRight(actor, 'user', 'unblock users');
    const user = await this.records.get('user', actor, userId);
    const entries = await this.blockedIds(actor);
    if (entries.includes(userId)) await this.saveBlocked(actor, entries.filter((id) => id !== userId), { domain: true });
    return { ...(await this.blockedList(actor)), message: `Removed ${nameOf(user)} from the blocked users` };
  }

  private async blockedIds(actor: Actor): Promise<string[]> {
    const company = await this.records.get('company', actor, actor.companyId);
    return ((getPath(company, 'userBlockedRef') as BlockedEntry[] | undefined) ?? []).map((entry) => entry.userId);
  }

  private async saveBlocked(actor: Actor, ids: string[], options: WriteOptions = {}): Promise<void> {
    await this.records.update('company', actor, actor.companyId, { userBlockedRef: ids.map((userId) => ({ userId })) }, options);
  }
}
