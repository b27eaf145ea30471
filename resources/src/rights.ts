import { type Action, COMPANY_SUB_RIGHTS, type ResourceDef, type Right } from './types';

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

/** The rights any one of which allows an action (an empty list leaves it to super admins); null when nobody may. */
export function rightsFor(def: ResourceDef, action: Action): Right[] | null {
  const allowed = def.access[action];
  if (allowed === false) return null;
  return allowed.length ? [...allowed] : ['super'];
}
