import { type FieldDef, type FieldError, type ResourceDef, fieldsHolding, findResource, getPath, isPlainObject } from '@backoffice/resources';
import type { Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';

/** What a reference points at: a model's records, or the images stored per company (`image_blob`). */
interface Target {
  table: string;
  label: string;
}

interface Reference {
  path: string;
  target: Target;
  id: string;
}

const IMAGES: Target = { table: 'image_blob', label: 'image' };

const targets = new Map<string, Target>();
function recordsOf(resource: string): Target {
  if (!targets.has(resource)) {
    const def = findResource(resource);
    targets.set(resource, { table: def ? tableName(def) : '', label: (def?.label ?? resource).toLowerCase() });
  }
  return targets.get(resource)!;
}

/** The fields that are references or images or hold some: a document is read at these alone. */
const referringFields = fieldsHolding((field) => (field.kind === 'reference' && Boolean(field.ref)) || field.kind === 'image');

/** Every reference a document holds, with its full path (list items by index: `productRef.0.productId`). */
function referencesIn(fields: readonly FieldDef[], value: unknown, prefix: string, out: Reference[]): Reference[] {
  for (const field of referringFields(fields)) {
    const inner = getPath(value, field.path);
    if (field.kind === 'reference' && field.ref && typeof inner === 'string') out.push({ path: `${prefix}${field.path}`, target: recordsOf(field.ref.resource), id: inner });
    if (field.kind === 'image' && typeof inner === 'string') out.push({ path: `${prefix}${field.path}`, target: IMAGES, id: inner });
    if (field.kind === 'list' && field.fields && Array.isArray(inner)) inner.forEach((item, index) => referencesIn(field.fields!, item, `${prefix}${field.path}.${index}.`, out));
    if (field.kind === 'object' && field.fields && isPlainObject(inner)) referencesIn(field.fields, inner, `${prefix}${field.path}.`, out);
  }
  return out;
}

const keyOf = (reference: Pick<Reference, 'target' | 'id'>) => `${reference.target.table}:${reference.id}`;

/**
 * For each write (`before` null for a create), the references it sets that point at no record or image of the
 * company: one error per path. References a record already had are not checked again, so a record whose referenced
 * record went away can still be edited. `records: false` (a domain write that links records it has just locked or
 * made) looks up images alone. One query per referenced table for all the writes.
 */
export async function missingReferences(
  tx: Queryable,
  companyId: string,
  def: ResourceDef,
  writes: readonly { before: unknown; after: unknown }[],
  options: { records: boolean } = { records: true },
): Promise<FieldError[][]> {
  const written = writes.map(({ before, after }) => {
    const known = new Set(referencesIn(def.fields, before, '', []).map(keyOf));
    return referencesIn(def.fields, after, '', []).filter((reference) => !known.has(keyOf(reference)) && (options.records || reference.target === IMAGES));
  });
  const existing = new Set<string>();
  for (const target of new Set(written.flat().map((reference) => reference.target))) {
    const ids = [...new Set(written.flat().filter((reference) => reference.target === target).map((reference) => reference.id))];
    const rows = target.table ? await tx.query<{ id: string }>(`SELECT id FROM ${quote(target.table)} WHERE company_id = $1 AND id = ANY($2::text[])`, [companyId, ids]) : [];
    for (const row of rows) existing.add(keyOf({ target, id: row.id }));
  }
  return written.map((references) =>
    references
      .filter((reference) => !existing.has(keyOf(reference)))
      .map((reference) => ({ field: reference.path, message: `${reference.path}: there is no ${reference.target.label} with id ${reference.id}` })),
  );
}
