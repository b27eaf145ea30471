import { type FieldDef, KINDS, type ResourceDef, findResource, setPath } from '@backoffice/resources';
import { newId } from '../../src/common/object-id';
import { type TestApp, bearer } from './test-app';

const TEXT_CANDIDATES = ['Sample', 'sample', 'sample-1', '0123456789abcdef01234567', '+31', '612345678', 'https://example.test', '{}'];

let emails = 0;

function textValue(field: FieldDef): string | undefined {
  // one active user per email: every sample gets its own
  if (field.format === 'email') return `sample-${(emails += 1)}@example.test`;
  if (field.format === 'date') return '2000-01-31';
  if (field.format === 'json') return '{}';
  const fits = (value: string) => KINDS.text.check(value, field) === null;
  return TEXT_CANDIDATES.map((value) => value.slice(0, field.max ?? value.length)).find(fits);
}

function numberValue(field: FieldDef): number {
  const min = field.min ?? 0;
  return field.max !== undefined ? Math.min(Math.max(min, 1), field.max) : Math.max(min, 1);
}

/** Ids of existing records by model, for the references of samples (the API refuses references to nothing). */
export type ReferenceTargets = ReadonlyMap<string, string>;

/** A valid value for a field, or undefined when none can be made up without knowing the domain. */
export function sampleValue(field: FieldDef, targets: ReferenceTargets = new Map()): unknown {
  switch (field.kind) {
    case 'text': return textValue(field);
    case 'number': return numberValue(field);
    case 'money': return 1234;
    case 'enum': return field.choices?.[0];
    case 'boolean': return true;
    case 'unixTime': return Math.floor(Date.now() / 1000);
    case 'reference': return (field.ref && targets.get(field.ref.resource)) ?? newId();
    case 'image': return newId();
    case 'geojson': return { type: 'Point', coordinates: [4.9, 52.37] };
    case 'localizedText': return { en: 'Sample', nl: 'Voorbeeld' };
    case 'list': {
      const count = field.min ?? 0;
      if (field.itemKind) return Array.from({ length: count }, () => sampleValue({ ...field, kind: field.itemKind!, min: undefined, max: undefined }, targets));
      return Array.from({ length: count }, () => sampleFields(field.fields ?? [], true, targets));
    }
    case 'object': return field.fields ? sampleFields(field.fields, true, targets) : {};
  }
}

function sampleFields(fields: readonly FieldDef[], requiredOnly: boolean, targets: ReferenceTargets): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.readOnly || field.secret || (requiredOnly && !field.required)) continue;
    const value = sampleValue(field, targets);
    if (value !== undefined) setPath(doc, field.path, value);
  }
  return doc;
}

/** A record with every required field and the title filled in, valid for the definition. */
export function sampleRecord(def: ResourceDef, targets: ReferenceTargets = new Map()): Record<string, unknown> {
  const doc = sampleFields(def.fields, true, targets);
  const title = def.fields.find((field) => field.path === def.titlePath);
  if (title && !title.readOnly) setPath(doc, title.path, sampleValue(title, targets));
  return doc;
}

/** The models samples of these fields reference (through required fields, also inside lists). */
function requiredReferences(fields: readonly FieldDef[]): string[] {
  return fields
    .filter((field) => field.required && !field.readOnly)
    .flatMap((field) => (field.kind === 'reference' && field.ref ? [field.ref.resource] : requiredReferences(field.fields ?? [])));
}

/** The models samples of these definitions reference. */
export function sampleReferences(defs: readonly ResourceDef[]): string[] {
  return [...new Set(defs.flatMap((def) => requiredReferences(def.fields)))];
}

/**
 * One record of each of these models, made through `create` from a sample (the records it references
 * first), so samples can point at records that exist.
 */
export async function referenceTargets(resources: readonly string[], create: (def: ResourceDef, doc: Record<string, unknown>) => Promise<string>): Promise<ReferenceTargets> {
  const targets = new Map<string, string>();
  const ensure = async (resource: string): Promise<void> => {
    const def = findResource(resource);
    if (!def || targets.has(resource)) return;
    for (const needed of requiredReferences(def.fields)) if (needed !== resource) await ensure(needed);
    targets.set(resource, await create(def, sampleRecord(def, targets)));
  };
  for (const resource of resources) await ensure(resource);
  return targets;
}

/** `referenceTargets` made through the API of a test app, as the holder of `token`. */
export function referenceTargetsThroughApi(t: TestApp, token: string, resources: readonly string[]): Promise<ReferenceTargets> {
  return referenceTargets(resources, async (def, doc) => {
    const created = await t.http.post(`/api/company/model/${def.name}`).set(bearer(token)).send(doc);
    if (created.status !== 201) throw new Error(`could not create a ${def.name} to reference: ${JSON.stringify(created.body)}`);
    return created.body._id;
  });
}
