import { type FieldDef, KINDS, type ResourceDef } from '@backoffice/resources';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

function fieldSchema(field: FieldDef): Schema {
  if (field.kind === 'list') {
    return { type: 'array', items: field.fields ? objectSchema(field.fields) : field.itemKind ? KINDS[field.itemKind].jsonSchema({ ...field, kind: field.itemKind }) : {} };
  }
  if (field.kind === 'object' && field.fields) return objectSchema(field.fields);
  const schema: Schema = KINDS[field.kind].jsonSchema(field);
  if (field.label) schema.title = field.label;
  if (field.help) schema.description = field.help;
  if (field.readOnly) schema.readOnly = true;
  return schema;
}

/** Nests dotted field paths into a JSON schema object. */
export function objectSchema(fields: readonly FieldDef[]): Schema {
  const root: Schema = { type: 'object', properties: {}, additionalProperties: false };
  for (const field of fields) {
    if (field.secret) continue;
    const keys = field.path.split('.');
    let node = root;
    for (const key of keys.slice(0, -1)) {
      node.properties![key] ??= { type: 'object', properties: {}, additionalProperties: false };
      node = node.properties![key];
      node.properties ??= {};
    }
    node.properties![keys[keys.length - 1]] = fieldSchema(field);
  }
  return root;
}

export function resourceSchema(def: ResourceDef): Schema {
  const schema = objectSchema(def.fields);
  schema.title = def.label;
  schema.properties = { _id: { type: 'string', readOnly: true }, id: { type: 'string', readOnly: true }, ...schema.properties };
  return schema;
}
