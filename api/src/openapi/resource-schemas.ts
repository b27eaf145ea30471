import { type FieldDef, KINDS, MONEY_LIMIT_CENTS, OBJECT_ID, type ResourceDef } from '@backoffice/resources';

export type Schema = Record<string, unknown>;

/**
 * What a model's schema describes: the record as the API answers it (`record`), a create's body (required fields
 * required) or a patch's (objects merge, so nothing is required but inside the items of a list, which replace).
 */
export type SchemaUse = 'record' | 'create' | 'update';

/** A record's component name, and those of its create and patch bodies. */
export const componentName = (def: ResourceDef, use: SchemaUse) => (use === 'record' ? def.name : `${def.name}${use === 'create' ? 'Create' : 'Update'}`);
export const componentRef = (def: ResourceDef, use: SchemaUse) => ({ $ref: `#/components/schemas/${componentName(def, use)}` });

/** The value or null: a field that is not required may be null, and so may an object that holds fields. */
function orNull(schema: Schema): Schema {
  const plain = typeof schema.type === 'string' && schema.enum === undefined && schema.const === undefined;
  return plain ? { ...schema, type: [schema.type, 'null'] } : { anyOf: [schema, { type: 'null' }] };
}

/** Text rules as the text kind checks them: an empty text passes the pattern and format of a field that is not required. */
function textSchema(field: FieldDef): Schema {
  const base: Schema = { type: 'string', ...(field.max !== undefined && { maxLength: field.max }), ...(field.min !== undefined && { minLength: field.min }) };
  const rule: Schema = {
    ...(field.pattern && { pattern: `^(?:${field.pattern})$` }),
    ...(field.format === 'email' && { format: 'email' }),
    ...(field.format === 'date' && { format: 'date' }),
  };
  if (Object.keys(rule).length === 0) return base;
  return field.required ? { ...base, ...rule, minLength: Math.max(1, field.min ?? 0) } : { ...base, anyOf: [{ const: '' }, rule] };
}

/** One value of a scalar kind: the kind's own schema, with the text and number rules as the kinds check them. */
function scalarSchema(field: FieldDef): Schema {
  switch (field.kind) {
    case 'text': return textSchema(field);
    case 'money': return { type: 'integer', description: 'amount in cents', minimum: field.min ?? -MONEY_LIMIT_CENTS, maximum: field.max ?? MONEY_LIMIT_CENTS };
    case 'unixTime': return { type: 'integer', description: 'unix time in seconds', minimum: field.min ?? 0, ...(field.max !== undefined && { maximum: field.max }) };
    case 'reference': return { type: 'string', pattern: OBJECT_ID.source, description: `id of a ${field.ref?.resource}` };
    case 'geojson': return { type: 'object', properties: { type: { enum: ['Point', 'LineString', 'Polygon'] }, coordinates: { type: 'array' } }, required: ['type', 'coordinates'], additionalProperties: false };
    case 'localizedText': {
      const text = textSchema({ ...field, kind: 'text', required: false });
      return { type: 'object', properties: { en: orNull(text), nl: orNull(text) }, additionalProperties: false };
    }
    case 'json': return {};
    default: return KINDS[field.kind].jsonSchema(field);
  }
}

/** Tree of a set of fields by the keys of their dotted paths. */
type Node = Map<string, { field?: FieldDef; children: Node }>;

function tree(fields: readonly FieldDef[]): Node {
  const root: Node = new Map();
  for (const field of fields) {
    let node = root;
    const keys = field.path.split('.');
    keys.forEach((key, depth) => {
      if (!node.has(key)) node.set(key, { children: new Map() });
      const entry = node.get(key)!;
      if (depth === keys.length - 1) entry.field = field;
      node = entry.children;
    });
  }
  return root;
}

class SchemaWriter {
  constructor(
    private readonly use: SchemaUse,
    /** inside the items of a list: they replace whole, so their required fields are required on every use but the record */
    private readonly inItems = false,
  ) {}

  private get requires(): boolean {
    return this.use === 'create' || (this.use === 'update' && this.inItems);
  }

  fieldSchema(field: FieldDef): Schema {
    let schema: Schema;
    if (field.kind === 'list') {
      // an item of scalars is checked by its kind's rules alone (the list's max and min count the items)
      const items = field.fields
        ? new SchemaWriter(this.use, true).objectSchema(field.fields)
        : field.itemKind ? orNull(scalarSchema({ path: field.path, kind: field.itemKind, choices: field.choices, pattern: field.pattern, format: field.format })) : {};
      schema = { type: 'array', items, ...(field.max !== undefined && { maxItems: field.max }), ...(field.min !== undefined && { minItems: field.min }) };
    } else if (field.kind === 'object') {
      schema = field.fields ? this.objectSchema(field.fields) : { type: 'object', ...(field.open && { additionalProperties: true }) };
    } else {
      schema = scalarSchema(field);
    }
    const described = {
      ...schema,
      ...(field.label && { title: field.label }),
      ...(field.help && { description: field.help }),
      ...(field.readOnly && { readOnly: true }),
      ...(field.secret && { writeOnly: true }),
    };
    return field.required ? described : orNull(described);
  }

  /** Nests dotted field paths into objects; beside each amount in cents its euros, beside each reference its populated record. */
  objectSchema(fields: readonly FieldDef[]): Schema {
    return this.nodeSchema(tree(fields.filter((field) => this.use !== 'record' || !field.secret)));
  }

  private nodeSchema(node: Node): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const [key, { field, children }] of node) {
      properties[key] = field ? this.fieldSchema(field) : orNull(this.nodeSchema(children));
      if (this.requires && (field ? field.required : holdsRequired(children))) required.push(key);
      if (field?.kind === 'money' && key === 'cents') properties.euro = orNull({ type: 'number', description: 'the cents in euros, set by the server', readOnly: true });
      const populated = field?.ref?.populateAs;
      if (populated && parentOf(populated) === parentOf(field!.path)) {
        const target = field!.ref!.resource;
        properties[populated.split('.').pop()!] = orNull({ $ref: `#/components/schemas/${target}`, description: `the ${target} with this id (with _populate)`, readOnly: true });
      }
    }
    return { type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: false };
  }
}

const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');

const holdsRequired = (node: Node): boolean => [...node.values()].some(({ field, children }) => field?.required || (!field && holdsRequired(children)));

/**
 * A model's record as the API answers it (`record`: hidden fields removed, so nothing but its ids is sure to be
 * there), or a body of a create or patch, which may also hold what a client read (ids, euros, populated records:
 * the server drops them).
 */
export function resourceSchema(def: ResourceDef, use: SchemaUse = 'record'): Schema {
  const schema = new SchemaWriter(use).objectSchema(def.fields);
  const id = { type: 'string', pattern: OBJECT_ID.source, readOnly: true };
  return {
    ...schema,
    title: def.label,
    properties: { _id: id, id, ...(schema.properties as Record<string, Schema>) },
    ...(use === 'record' && { required: ['_id', 'id'] }),
  };
}
