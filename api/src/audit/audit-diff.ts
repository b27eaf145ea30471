import { type ResourceDef, copyDoc, fieldsWith, getPath, isAtOrUnder, isPlainObject, perDefinition, sameJson, setPath } from '@backoffice/resources';

export interface AuditChange {
  path: string;
  old: unknown;
  new: unknown;
}

const REDACTED = '[redacted]';

/** The paths of a model's secrets (password hashes, tokens, signing secrets): never written to the audit log as they are. */
export const secretPaths = perDefinition((def) => fieldsWith(def, (field) => Boolean(field.secret || field.auditRedacted)).map(([path]) => path));

function leaves(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
}

/** A copy of a whole document with its secrets redacted. */
function redacted(def: ResourceDef, doc: unknown): unknown {
  if (!isPlainObject(doc)) return doc ?? null;
  const copy = copyDoc(doc);
  for (const path of secretPaths(def)) if (getPath(copy, path) !== undefined) setPath(copy, path, REDACTED);
  return copy;
}

/**
 * What a write changed, secrets redacted. A create or a delete holds the whole document as one change of
 * the root (path ''); an update lists its changed leaf paths.
 */
export function auditDiff(def: ResourceDef, before: unknown, after: unknown): AuditChange[] {
  if (before === null || before === undefined || after === null || after === undefined) {
    return [{ path: '', old: redacted(def, before), new: redacted(def, after) }];
  }
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  leaves(before, '', old);
  leaves(after, '', next);
  const secrets = secretPaths(def);
  const isSecret = (path: string) => secrets.some((secret) => isAtOrUnder(path, secret));
  const changes: AuditChange[] = [];
  for (const path of new Set([...old.keys(), ...next.keys()])) {
    const a = old.get(path);
    const b = next.get(path);
    // a leaf on one side only is a change
    if (a !== undefined && b !== undefined && sameJson(a, b)) continue;
    changes.push(isSecret(path) ? { path, old: a === undefined ? null : REDACTED, new: b === undefined ? null : REDACTED } : { path, old: a ?? null, new: b ?? null });
  }
  return changes.sort((x, y) => x.path.localeCompare(y.path));
}
