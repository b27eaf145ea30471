import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_LIST_RIGHTS,
  ADMIN_MATRIX_RIGHTS,
  SUPER_RIGHT_REFUSED,
  type AdminRightsRow,
  type Doc,
  OBJECT_ID,
  type Right,
  getPath,
  normalizedAdminRights,
  platformRights,
} from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { forbidden, invalid } from '../common/errors';
import { DATABASE, type Database } from '../database/database';
import { RecordService } from '../records/record.service';
import { requireRight } from './user-access';

const MATRIX_RIGHTS = new Set<string>(ADMIN_MATRIX_RIGHTS.map((column) => column.right));
type ListEntry = { userId: string };

/** Reads a PUT body `{ users: [{ userId, rights, super? }] }`; every problem is a 400 naming the row. */
function readMatrix(body: unknown): { userId: string; rights: Right[]; super?: boolean }[] {
  const users = (body as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) throw invalid('users must be a list of { userId, rights }', [{ field: 'users', message: 'must be a list' }]);
  const seen = new Set<string>();
  return users.map((row, index) => {
    const { userId, rights, super: isSuper } = (row ?? {}) as { userId?: unknown; rights?: unknown; super?: unknown };
    const field = `users.${index}`;
    if (typeof userId !== 'string' || !OBJECT_ID.test(userId)) throw invalid(`${field}.userId must be a user id`, [{ field: `${field}.userId`, message: 'must be a user id' }]);
    if (seen.has(userId)) throw invalid(`${field}.userId ${userId} is listed twice`, [{ field: `${field}.userId`, message: 'listed twice' }]);
    seen.add(userId);
    if (!Array.isArray(rights) || rights.some((right) => !MATRIX_RIGHTS.has(right))) {
      throw invalid(`${field}.rights must hold only ${[...MATRIX_RIGHTS].join(', ')}`, [{ field: `${field}.rights`, message: 'unknown right' }]);
    }
    if (isSuper !== undefined && typeof isSuper !== 'boolean') throw invalid(`${field}.super must be true or false`, [{ field: `${field}.super`, message: 'must be a boolean' }]);
    return { userId, rights: normalizedAdminRights(rights as Right[]), super: isSuper };
  });
}

/**
 * The admin screen's matrix (part 2 section 2): who holds which admin right. Only company admins edit it;
 * only super admins grant or take super. The company's admin lists and the users' super mark are written
 * through the record service, so the audit log and the rules of who may act on whom apply.
 */
@Injectable()
export class AdminRightsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: RecordService,
  ) {}

  private async company(actor: Actor): Promise<Doc> {
    const [row] = await this.db.query<{ doc: Doc }>('SELECT doc FROM company WHERE company_id = $1 AND id = $1', [actor.companyId]);
    return row?.doc ?? {};
  }

  /** Every user holding an admin right or super in this company, with their name and email. */
  async matrix(actor: Actor): Promise<{ data: AdminRightsRow[] }> {
    requireRight(actor, 'company', 'see the admin rights');
    const company = await this.company(actor);
    const rightsById = new Map<string, Right[]>();
    for (const [list, right] of ADMIN_LIST_RIGHTS) {
      for (const entry of (getPath(company, list) as ListEntry[] | undefined) ?? []) rightsById.set(entry.userId, [...(rightsById.get(entry.userId) ?? []), right]);
    }
    const users = await this.db.query<{ id: string; doc: Doc }>(
      `SELECT id, doc FROM "user" WHERE company_id = $1 AND (id = ANY($2::text[]) OR doc #> '{_projectSpecific,rights}' @> '["super"]'::jsonb) ORDER BY name_full, id`,
      [actor.companyId, [...rightsById.keys()]],
    );
    return {
      data: users.map(({ id, doc }) => ({
        userId: id,
        user: { name: { full: (getPath(doc, 'name.full') as string) ?? null }, email: { value: (getPath(doc, 'email.value') as string) ?? null } },
        rights: normalizedAdminRights(rightsById.get(id) ?? []),
        super: platformRights(doc).includes('super'),
      })),
    };
  }

  /** Saves the whole matrix: users left out lose their admin rights; super only changes where `super` is sent. */
  async save(actor: Actor, body: unknown): Promise<{ data: AdminRightsRow[] }> {
    requireRight(actor, 'company', 'edit admin rights');
    const rows = readMatrix(body);
    const current = new Map((await this.matrix(actor)).data.map((row) => [row.userId, row]));
    const superChanges = rows.filter((row) => row.super !== undefined && row.super !== (current.get(row.userId)?.super ?? false));
    if (superChanges.length > 0 && !actor.rights.has('super')) throw forbidden(SUPER_RIGHT_REFUSED);
    const lists = Object.fromEntries(ADMIN_LIST_RIGHTS.map(([list, right]) => [list, rows.filter((row) => row.rights.includes(right)).map((row) => ({ userId: row.userId }))]));
    await this.records.update('company', actor, actor.companyId, lists);
    for (const { userId, super: isSuper } of superChanges) {
      const user = await this.records.get('user', actor, userId);
      const others = platformRights(user).filter((right) => right !== 'super');
      await this.records.update('user', actor, userId, { _projectSpecific: { rights: isSuper ? ['super', ...others] : others } });
    }
    return this.matrix(actor);
  }
}
