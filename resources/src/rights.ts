import { ADMIN_LISTS } from './models/company';
import { getPath } from './paths';
import { type Action, COMPANY_SUB_RIGHTS, type PersonChange, type ResourceDef, type Right } from './types';

/** The rights a set of granted rights amounts to: company admin holds its sub-rights. */
export function effectiveRights(granted: Iterable<Right>): Set<Right> {
  const rights = new Set(granted);
  if (rights.has('company')) for (const sub of COMPANY_SUB_RIGHTS) rights.add(sub);
  return rights;
}

/** Third-party access entry on a user (spec part 2 section 3). */
export interface AccessEntry {
  accessModel: string;
  accessScope: 'view' | 'edit' | 'manage' | 'publish';
  accessId: string | null;
}

const SCOPE_ACTIONS: Record<AccessEntry['accessScope'], readonly Action[]> = {
  view: ['read'],
  edit: ['read', 'update'],
  manage: ['read', 'create', 'update', 'archive'],
  publish: ['read', 'create', 'update', 'archive'],
};

/** Whether the rights allow an action on a resource; third-party entries may also allow it. */
export function mayAct(def: ResourceDef, action: Action, rights: ReadonlySet<Right>, entries: readonly AccessEntry[] = []): boolean {
  const allowed = def.access[action];
  if (allowed === false) return false;
  if (rights.has('super')) return true;
  if (allowed.some((right) => rights.has(right))) return true;
  return thirdPartyScope(def, action, entries) !== null;
}

/**
 * The ids a third-party user may act on for this action: 'all' when an entry has no specific item,
 * the listed ids otherwise, null when no entry allows it.
 */
export function thirdPartyScope(def: ResourceDef, action: Action, entries: readonly AccessEntry[]): 'all' | string[] | null {
  if (!def.thirdPartyModel) return null;
  const matching = entries.filter((entry) => entry.accessModel === def.thirdPartyModel && SCOPE_ACTIONS[entry.accessScope]?.includes(action));
  if (matching.length === 0) return null;
  if (matching.some((entry) => !entry.accessId)) return 'all';
  return matching.map((entry) => entry.accessId as string);
}

export const SUPER_RIGHT_REFUSED = 'Only super admins may grant or take the super admin right';
export const ADMINS_NEED_COMPANY_ADMIN = 'User admins edit customers, not admins: ask a company admin';

/** What a refusal names of the person, by what the write changes of them. */
const CHANGED: Record<Exclude<PersonChange, 'super'>, string> = {
  profile: 'the profile',
  credential: 'the email or password',
  rights: 'the rights',
  account: 'the account',
};

/**
 * Who may act on whom (one rule for the API and the admin): nobody changes anything of a person who holds a right
 * they do not hold themselves (their profile as much as their credentials, rights or account); only super admins
 * grant or take 'super'; an admin without the company right (a user admin) edits customers, not admins.
 * Non-refundable limits a finance admin, it gives no power over others, so it never counts as a right the actor
 * lacks. Null when allowed.
 */
export function actOnPersonProblem(actor: ReadonlySet<Right>, target: ReadonlySet<Right>, change: PersonChange): string | null {
  if (actor.has('super')) return null;
  if (change === 'super') return SUPER_RIGHT_REFUSED;
  if (!actor.has('company') && target.size > 0) return ADMINS_NEED_COMPANY_ADMIN;
  const beyond = [...target].filter((right) => right !== 'financeNonRefundable' && !actor.has(right));
  if (beyond.length === 0) return null;
  return `You may not change ${CHANGED[change]} of a user who holds rights you do not hold (${beyond.join(', ')})`;
}

/** The company's admin lists and the right each grants (spec part 2 section 3). */
export const ADMIN_LIST_RIGHTS = Object.entries(ADMIN_LISTS) as readonly [string, Right][];

type PersonDoc = Record<string, unknown>;

/** The platform rights on a user record ('super', 'third-party'). */
export function platformRights(user: PersonDoc): string[] {
  return (getPath(user, '_projectSpecific.rights') as string[] | undefined) ?? [];
}

/** Effective rights of a person: super from the user record, the others from the company's admin lists. */
export function personRights(user: PersonDoc, userId: string, company: PersonDoc): Set<Right> {
  const granted: Right[] = platformRights(user).includes('super') ? ['super'] : [];
  for (const [list, right] of ADMIN_LIST_RIGHTS) {
    if (((getPath(company, list) as { userId?: string }[] | undefined) ?? []).some((entry) => entry.userId === userId)) granted.push(right);
  }
  return effectiveRights(granted);
}

/** The rights any one of which allows an action (an empty list leaves it to super admins); null when nobody may. */
export function rightsFor(def: ResourceDef, action: Action): Right[] | null {
  const allowed = def.access[action];
  if (allowed === false) return null;
  return allowed.length ? [...allowed] : ['super'];
}
