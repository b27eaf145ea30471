import { type HistoryChange, type ResourceDef, type Right, hiddenPaths, isAtOrUnder, pathLabel, resolveField } from '@backoffice/resources';
import { type AuditChange, auditDiff } from '../audit/audit-diff';

/** The times every write stamps (record-input.ts): the entry's own time says when. */
const STAMPED_TIMES = ['meta.createdAt', 'meta.updatedAt'];

/** Whether `path` is the text of a time beside its seconds (`….date` beside `….unix`). */
export function textOfSeconds(def: ResourceDef, path: string): boolean {
  return path.endsWith('.date') && resolveField(def, `${path.slice(0, -'date'.length)}unix`)?.kind === 'unixTime';
}

/**
 * An audit entry's changes field by field: a create or a delete (one change of the root holding the whole document)
 * as each field it held.
 */
function fieldByField(def: ResourceDef, changes: readonly AuditChange[]): AuditChange[] {
  return changes.flatMap((change) => {
    if (change.path !== '') return [change];
    return change.old === null ? auditDiff(def, {}, change.new) : auditDiff(def, change.old, {});
  });
}

/**
 * What a reader sees of an audit entry's changes: field by field with the fields' labels, without the fields their
 * rights hide (secrets among them, by the same rule as reads), the stamped times, nor a time's text beside its seconds.
 */
export function visibleChanges(def: ResourceDef, rights: ReadonlySet<Right>, changes: readonly AuditChange[]): HistoryChange[] {
  const hidden = hiddenPaths(def, rights);
  const all = fieldByField(def, changes);
  // the seconds show the moment: its text says nothing more, and alone it changed by milliseconds the person never sees
  return all
    .filter((change) => !STAMPED_TIMES.includes(change.path) && !textOfSeconds(def, change.path) && !hidden.some((path) => isAtOrUnder(change.path, path)))
    .map((change) => ({ path: change.path, label: pathLabel(def, change.path), old: change.old, new: change.new }));
}
