import { type FieldDef, type FieldError, type ResourceDef, fieldsHolding, findResource, getPath, isPlainObject } from '@backoffice/resources';
import type { Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';

interface Reference {
  path: string;
  resource: string;
  id: string;
}

/** The fields that are references or hold some: a document is read at these alone. */
const referringFields = fieldsHolding((field) => field.kind === 'reference' && Boolean(field.ref));

/** Every reference a document holds, with its full path (list items by index: `productRef.0.productId`). */
function referencesIn(fields: readonly FieldDef[], value: unknown, prefix: string, out: Reference[]): Reference[] {
  for (const field of referringFields(fields)) {
    const inner = getPath(value, field.path);
    if (field.kind === 'reference' && field.ref && typeof inner === 'string') out.push({ path: `${prefix}${field.path}`, resource: field.ref.resource, id: inner });
    if (field.kind === 'list' && field.fields && Array.isArray(inner)) inner.forEach((item, index) => referencesIn(field.fields!, item, `${prefix}${field.path}.${index}.`, out));
    if (field.kind === 'object' && field.fields && isPlainObject(inner)) referencesIn(field.fields, inner, `${prefix}${field.path}.`, out);
  }
  return out;
}

/**
 * For each write (`before` null for a create), the references it sets that point at no record of the
 * company: one error per path. References a record already had are not checked again, so a record whose
 * referenced record went away can still be edited. One query per referenced model for all the writes.
 */
export async function missingReferences(tx: Queryable, companyId: string, def: ResourceDef, writes: readonly { before: unknown; after: unknown }[]): Promise<FieldError[][]> {
  const written = writes.map(({ before, after }) => {
    const known = new Set(referencesIn(def.fields, before, '', []).map((reference) => `${reference.resource}:${reference.id}`));
    return referencesIn(def.fields, after, '', []).filter((reference) => !known.has(`${reference.resource}:${reference.id}`));
  });
  const existing = new Set<string>();
  for (const resource of new Set(written.flat().map((reference) => reference.resource))) {
    const target = findResource(resource);
    const ids = [...new Set(written.flat().filter((reference) => reference.resource === resource).map((reference) => reference.id))];
    const rows = target ? await tx.query<{ id: string }>(`SELECT id FROM ${quote(tableName(target))} WHERE company_id = $1 AND id = ANY($2::text[])`, [companyId, ids]) : [];
    for (const row of rows) existing.add(`${resource}:${row.id}`);
  }
  return written.map((references) =>
    references
      .filter((reference) => !existing.has(`${reference.resource}:${reference.id}`))
      .map((reference) => ({
        field: reference.path,
        message: `${reference.path}: there is no ${(findResource(reference.resource)?.label ?? reference.resource).toLowerCase()} with id ${reference.id}`,
      })),
  );
}
