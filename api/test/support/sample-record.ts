import { type FieldDef, KINDS, type ResourceDef, setPath } from '@backoffice/resources';
import { newId } from '../../src/common/object-id';

const TEXT_CANDIDATES = ['Sample', 'sample', 'sample-1', '0123456789abcdef01234567', '+31', '612345678', 'https://example.test', '{}'];

function textValue(field: FieldDef): string | undefined {
  if (field.format === 'email') return 'sample@example.test';
  if (field.format === 'date') return '2000-01-31';
  if (field.format === 'json') return '{}';
  const fits = (value: string) => KINDS.text.check(value, field) === null;
  return TEXT_CANDIDATES.map((value) => value.slice(0, field.max ?? value.length)).find(fits);
}

function numberValue(field: FieldDef): number {
  const min = field.min ?? 0;
  return field.max !== undefined ? Math.min(Math.max(min, 1), field.max) : Math.max(min, 1);
}

/** A valid value for a field, or undefined when none can be made up without knowing the domain. */
export function sampleValue(field: FieldDef): unknown {
  switch (field.kind) {
    case 'text': return textValue(field);
    case 'number': return numberValue(field);
    case 'money': return 1234;
    case 'enum': return field.choices?.[0];
    case 'boolean': return true;
    case 'unixTime': return Math.floor(Date.now() / 1000);
    case 'reference':
    case 'image': return newId();
    case 'geojson': return { type: 'Point', coordinates: [4.9, 52.37] };
    case 'localizedText': return { en: 'Sample', nl: 'Voorbeeld' };
    case 'list': {
      const count = field.min ?? 0;
      if (field.itemKind) return Array.from({ length: count }, () => sampleValue({ ...field, kind: field.itemKind!, min: undefined, max: undefined }));
      return Array.from({ length: count }, () => sampleFields(field.fields ?? [], true));
    }
    case 'object': return field.fields ? sampleFields(field.fields, true) : {};
  }
}

function sampleFields(fields: readonly FieldDef[], requiredOnly: boolean): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.readOnly || field.secret || (requiredOnly && !field.required)) continue;
    const value = sampleValue(field);
    if (value !== undefined) setPath(doc, field.path, value);
  }
  return doc;
}

/** A record with every required field and the title filled in, valid for the definition. */
export function sampleRecord(def: ResourceDef): Record<string, unknown> {
  const doc = sampleFields(def.fields, true);
  const title = def.fields.find((field) => field.path === def.titlePath);
  if (title && !title.readOnly) setPath(doc, title.path, sampleValue(title));
  return doc;
}
