import {
  type FieldDef,
  type PersonChange,
  type ResourceDef,
  actOnPersonProblem,
  findResource,
  getPath,
  perDefinition,
  personRights,
  sameJson,
} from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import type { Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';
import { changesNothing } from './record-input';
import type { Doc } from './record-repository';

/** One write as the guard sees it: `before` null for a create, `after` null for a delete. */
export interface GuardedWrite {
  id: string;
  before: Doc | null;
  after: Doc | null;
}

const same = (a: unknown, b: unknown) => sameJson(a ?? null, b ?? null);
const hasSuper = (value: unknown) => Array.isArray(value) && value.includes('super');

function guardedFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((field) => field.guards);
}

/** What a write changes of the person it is written to (a record of a model that holds rights). */
function personChanges(def: ResourceDef, write: GuardedWrite): PersonChange[] {
  const { before, after } = write;
  if (!after) return ['account'];
  const changes = new Set<PersonChange>();
  for (const field of guardedFields(def)) {
    const old = getPath(before ?? {}, field.path);
    const next = getPath(after, field.path);
    if (same(old, next)) continue;
    changes.add(field.guards!);
    if (field.guards === 'rights' && hasSuper(old) !== hasSuper(next)) changes.add('super');
  }
  if (before && getPath(before, 'meta.archived') !== getPath(after, 'meta.archived')) changes.add('account');
  if (before && changes.size === 0 && !changesNothing(before, after)) changes.add('profile');
  return [...changes];
}

/** The reference inside the items of a list of references (`adminCompanyRef.N.userId`). */
const itemReference = (field: FieldDef) => field.fields?.find((item) => item.kind === 'reference');

/** The lists of references to people a model holds (the company's admin and blocked lists). */
export const peopleLists = perDefinition((def) =>
  def.holdsRights ? [] : guardedFields(def).filter((field) => findResource(itemReference(field)?.ref?.resource ?? '')?.holdsRights));

/** Ids of the people a list of references to people gains or loses (an admin list of the company). */
export function listedIdsChanged(field: FieldDef, before: Doc | null, after: Doc | null): string[] {
  const idKey = itemReference(field)!.path;
  const ids = (doc: Doc | null) => new Set(((getPath(doc, field.path) as Doc[] | undefined) ?? []).map((entry) => String(entry?.[idKey])));
  const old = ids(before);
  const next = ids(after);
  return [...old, ...next].filter((id) => old.has(id) !== next.has(id));
}

/**
 * Who may act on whom, for any write path: the person a user record is, and the people an admin list
 * gains or loses. One problem per write that the actor may not make (null where allowed).
 */
export async function personProblems(
  tx: Queryable,
  def: ResourceDef,
  actor: Actor,
  writes: readonly GuardedWrite[],
  company: () => Promise<Doc> = () => companyDoc(tx, actor.companyId),
): Promise<(string | null)[]> {
  if (actor.rights.has('super')) return writes.map(() => null);
  const listFields = peopleLists(def);
  if (!def.holdsRights && listFields.length === 0) return writes.map(() => null);
  const lists = await company();
  if (def.holdsRights) {
    return writes.map((write) => {
      const target = personRights(write.before ?? write.after ?? {}, write.id, write.before ? lists : {});
      for (const change of personChanges(def, write)) {
        const problem = actOnPersonProblem(actor.rights, target, change);
        if (problem) return problem;
      }
      return null;
    });
  }
  const problems: (string | null)[] = [];
  for (const write of writes) {
    problems.push(null);
    for (const field of listFields) {
      const people = findResource(itemReference(field)!.ref!.resource)!;
      const ids = listedIdsChanged(field, write.before, write.after);
      if (ids.length === 0) continue;
      const docs = await tx.query<{ id: string; doc: Doc }>(`SELECT id, doc FROM ${quote(tableName(people))} WHERE company_id = $1 AND id = ANY($2::text[])`, [actor.companyId, ids]);
      const refused = docs.map((person) => actOnPersonProblem(actor.rights, personRights(person.doc, person.id, lists), 'rights')).find(Boolean);
      if (refused) problems[problems.length - 1] = `${field.path}: ${refused}`;
    }
  }
  return problems;
}

/** The company's record, whose admin lists say what rights people hold. */
export async function companyDoc(tx: Queryable, companyId: string): Promise<Doc> {
  const rows = await tx.query<{ doc: Doc }>('SELECT doc FROM company WHERE company_id = $1 AND id = $1', [companyId]);
  return rows[0]?.doc ?? {};
}
