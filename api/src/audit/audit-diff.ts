import { type ResourceDef, fieldsByPath } from '@backoffice/resources';
import { isPlainObject } from '@backoffice/resources';

export interface AuditChange {
  path: string;
  old: unknown;
  new: unknown;
}

const REDACTED = '[redacted]';

function leaves(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
}

/** Changed leaf paths between two versions of a document, secrets redacted. */
export function auditDiff(def: ResourceDef, before: unknown, after: unknown): AuditChange[] {
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  leaves(before ?? {}, '', old);
  leaves(after ?? {}, '', next);
  const secrets = [...fieldsByPath(def)].filter(([, field]) => field.secret).map(([path]) => path);
  const isSecret = (path: string) => secrets.some((secret) => path === secret || path.startsWith(`${secret}.`));
  const changes: AuditChange[] = [];
  for (const path of new Set([...old.keys(), ...next.keys()])) {
    const a = old.get(path);
    const b = next.get(path);
    // a leaf on one side only is a change; stringifying is needed only when both sides hold one
    if (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b)) continue;
    changes.push(isSecret(path) ? { path, old: a === undefined ? null : REDACTED, new: b === undefined ? null : REDACTED } : { path, old: a ?? null, new: b ?? null });
  }
  return changes.sort((x, y) => x.path.localeCompare(y.path));
}
