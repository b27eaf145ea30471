import { type ResourceDef, deletePath, fieldsByPath, fieldsWith, getPath, isPlainObject, perDefinition, sameJson, withoutPopulated } from '@backoffice/resources';
import { invalid } from '../common/errors';
import type { Doc } from './record-repository';

/**
 * Reads a create or patch body: it must be an object; `_id`/`id`, read-only fields, populated references
 * and the `.euro` shown beside amounts are set by the server and dropped, so a client may send back what it read.
 */
export function inputBody(def: ResourceDef, body: unknown): Doc {
  if (!isPlainObject(body)) throw invalid('The request body must be a JSON object');
  const doc = withoutPopulated(def, body);
  delete doc._id;
  delete doc.id;
  for (const path of serverSetPaths(def)) if (getPath(doc, path) !== undefined) deletePath(doc, path);
  return doc;
}

/** Read-only fields and the `.euro` shown beside each amount in cents. */
const serverSetPaths = perDefinition((def) => [
  ...fieldsWith(def, (field) => Boolean(field.readOnly)).map(([path]) => path),
  ...fieldsWith(def, (field) => field.kind === 'money').flatMap(([path]) => (path.endsWith('.cents') ? [`${path.slice(0, -'.cents'.length)}.euro`] : [])),
]);

/** Sets the server-kept times when the definition has them. */
export function stampTimes(def: ResourceDef, doc: Doc, created: boolean): Doc {
  const now = Math.floor(Date.now() / 1000);
  const fields = fieldsByPath(def);
  const meta = isPlainObject(doc.meta) ? { ...doc.meta } : {};
  if (created && fields.has('meta.createdAt')) meta.createdAt = now;
  if (fields.has('meta.updatedAt')) meta.updatedAt = now;
  return Object.keys(meta).length > 0 ? { ...doc, meta } : doc;
}

const metaOf = (doc: Doc): Doc => (isPlainObject(doc.meta) ? doc.meta : {});

/**
 * Whether an update leaves the record as it was but for the time of the update (`stampTimes` on this write, or a
 * domain that set it itself): such a write changes nothing and writes nothing.
 */
export function changesNothing(before: Doc, after: Doc): boolean {
  return sameJson({ ...before, meta: undefined }, { ...after, meta: undefined }) && sameJson({ ...metaOf(before), updatedAt: undefined }, { ...metaOf(after), updatedAt: undefined });
}
