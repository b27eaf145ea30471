import { type ResourceDef, fieldsWith, getPath, perDefinition, personRights, sameJson } from '@backoffice/resources';
import { isBlocked } from '../auth/company-rights';
import type { EndedPeople } from '../auth/session.service';
import { listedIdsChanged, peopleLists } from './person-guard';
import type { Doc } from './record-repository';

/** One write as the session rule sees it: `before` null for a create, `after` null for a delete. */
export interface SessionChange {
  id: string;
  before: Doc | null;
  after: Doc | null;
}

/** The paths of a person's fields that the person guard watches, by what they guard. */
const guardedPaths = perDefinition((def) => ({
  credential: fieldsWith(def, (field) => field.guards === 'credential').map(([path]) => path),
  rights: fieldsWith(def, (field) => field.guards === 'rights').map(([path]) => path),
}));

const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** Whether a rights field lost something: an item of its list (a right, an access entry) that the new list lacks. */
const lostItem = (before: unknown, after: unknown) => {
  const kept = items(after);
  return items(before).some((item) => !kept.some((next) => sameJson(item, next)));
};

const archived = (doc: Doc) => getPath(doc, 'meta.archived') === true;

/**
 * Which sessions a write to a person ends: every one when it deletes or archives them, blocks them ('_blocked_' in
 * the email) or takes a right from them; every one but the actor's own when it changes their email or password.
 */
function endedForPerson(def: ResourceDef, { id, before, after }: SessionChange): keyof EndedPeople | null {
  if (!before) return null;
  if (!after) return 'every';
  const paths = guardedPaths(def);
  const blocked = isBlocked({}, id, after) && !isBlocked({}, id, before);
  if ((archived(after) && !archived(before)) || blocked || paths.rights.some((path) => lostItem(getPath(before, path), getPath(after, path)))) return 'every';
  if (paths.credential.some((path) => !sameJson(getPath(before, path) ?? null, getPath(after, path) ?? null))) return 'others';
  return null;
}

/** The people a change of the company's lists takes a right from (an admin list) or blocks (the blocked list). */
function endedByLists(def: ResourceDef, { before, after }: SessionChange): string[] {
  if (!before || !after) return [];
  const ids = new Set(peopleLists(def).flatMap((field) => listedIdsChanged(field, before, after)));
  return [...ids].filter((id) => {
    const kept = personRights({}, id, after);
    return [...personRights({}, id, before)].some((right) => !kept.has(right)) || (isBlocked(after, id, {}) && !isBlocked(before, id, {}));
  });
}

/**
 * The sessions a batch of writes of one model ends for good, so that a token from before never works again (not
 * after unarchive, unblock or a new grant either): the person's own current session survives only a change of their
 * own email or password.
 */
export function sessionsEndedBy(def: ResourceDef, changes: readonly SessionChange[]): EndedPeople {
  const every: string[] = [];
  const others: string[] = [];
  if (!def.holdsRights) {
    if (peopleLists(def).length > 0) for (const change of changes) every.push(...endedByLists(def, change));
    return { every, others };
  }
  for (const change of changes) {
    const ended = endedForPerson(def, change);
    if (ended === 'every') every.push(change.id);
    if (ended === 'others') others.push(change.id);
  }
  return { every, others };
}
