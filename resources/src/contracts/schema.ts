/**
 * JSON schemas (OpenAPI 3.1, JSON Schema 2020-12) of the bodies and answers the API and the admin share. Each
 * carries, for TypeScript only, the type of the values it accepts: a schema declared as `Schema<UserBalance>` compiles
 * only while it accepts exactly what the contract's type describes, so the two cannot drift apart.
 */
export interface Schema<T = unknown> {
  readonly [keyword: string]: unknown;
  /** never set: the type of the values the schema accepts (a function type holds it exactly, neither wider nor narrower) */
  readonly __type?: (value: T) => T;
}

export type Infer<S> = S extends { readonly __type?: (value: infer T) => unknown } ? T : never;

type Keywords = Record<string, unknown>;
type Properties = Record<string, Schema<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Flat<T> = { [K in keyof T]: T[K] };
type ObjectOf<P extends Properties, O extends keyof P, Open extends boolean> = Flat<{ [K in Exclude<keyof P, O>]: Infer<P[K]> } & { [K in O]?: Infer<P[K]> }> &
  (Open extends true ? Record<string, unknown> : unknown);

/** The key under which a schema asks to be one of the document's components (`#/components/schemas/{name}`). */
export const COMPONENT_KEY = 'x-component';

const typed = <T>(json: Keywords): Schema<T> => json as Schema<T>;

/** Schema builders: `jsonSchema.object({ cents: jsonSchema.integer() })`. */
export const jsonSchema = {
  string: (keywords: Keywords = {}) => typed<string>({ type: 'string', ...keywords }),
  integer: (keywords: Keywords = {}) => typed<number>({ type: 'integer', ...keywords }),
  number: (keywords: Keywords = {}) => typed<number>({ type: 'number', ...keywords }),
  boolean: (keywords: Keywords = {}) => typed<boolean>({ type: 'boolean', ...keywords }),
  /** a record's id: 24 hexadecimal characters */
  objectId: (keywords: Keywords = {}) => typed<string>({ type: 'string', pattern: '^[0-9a-f]{24}$', ...keywords }),
  /** exactly this value */
  literal: <const V extends string | number | boolean>(value: V, keywords: Keywords = {}) => typed<V>({ const: value, ...keywords }),
  enum: <const V extends readonly string[]>(values: V, keywords: Keywords = {}) => typed<V[number]>({ type: 'string', enum: [...values], ...keywords }),
  /** the schema's values or null */
  nullable<T>(inner: Schema<T>): Schema<T | null> {
    // a named schema stays whole (one component), so null is its alternative
    const plain = typeof inner.type === 'string' && inner.enum === undefined && inner.const === undefined && inner[COMPONENT_KEY] === undefined;
    return typed<T | null>(plain ? { ...inner, type: [inner.type, 'null'] } : { anyOf: [inner, { type: 'null' }] });
  },
  array: <T>(items: Schema<T>, keywords: Keywords = {}) => typed<T[]>({ type: 'array', items, ...keywords }),
  /** an array a contract's type holds as readonly */
  readonlyArray: <T>(items: Schema<T>, keywords: Keywords = {}) => typed<readonly T[]>({ type: 'array', items, ...keywords }),
  /**
   * An object with these properties, each required unless named in `optional`; `open` accepts other properties too
   * (a refusal's details, a provider's metadata).
   */
  object<P extends Properties, O extends keyof P = never, Open extends boolean = false>(
    properties: P,
    options: { optional?: readonly O[]; open?: Open; keywords?: Keywords } = {},
    // the types come from the arguments alone, never from the type the result is declared as
  ): Schema<ObjectOf<NoInfer<P>, NoInfer<O>, NoInfer<Open>>> {
    const required = Object.keys(properties).filter((key) => !(options.optional ?? []).includes(key as O));
    return typed({ type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: options.open ?? false, ...options.keywords });
  },
  /** an object of any keys, each value of the schema */
  record: <T>(values: Schema<T>, keywords: Keywords = {}) => typed<Record<string, T>>({ type: 'object', additionalProperties: values, ...keywords }),
  /** one of the document's components: a model's record (`payment`) or a named schema */
  ref: <T = Record<string, unknown>>(component: string) => typed<T>({ $ref: `#/components/schemas/${component}` }),
  anyOf: <S extends Schema<any>[]>(...schemas: S) => typed<Infer<S[number]>>({ anyOf: schemas }), // eslint-disable-line @typescript-eslint/no-explicit-any
  /** any JSON value */
  any: (keywords: Keywords = {}) => typed<unknown>({ ...keywords }),
  /** the schema as one of the document's components, named so in generated clients */
  named: <T>(name: string, inner: Schema<T>) => typed<T>({ ...inner, [COMPONENT_KEY]: name }),
  /** a description beside the schema's keywords */
  described: <T>(description: string, inner: Schema<T>) => typed<T>({ ...inner, description }),
};

/** The shared error answer: every refusal has it, with the details some add (a reason, the rights missing, an outcome). */
export const errorSchema = jsonSchema.named(
  'Error',
  jsonSchema.object(
    {
      message: jsonSchema.string(),
      statusCode: jsonSchema.integer(),
      errors: jsonSchema.array(jsonSchema.object({ field: jsonSchema.string(), message: jsonSchema.string() }), { description: 'one entry per field or row at fault' }),
      reason: jsonSchema.string({ description: 'a code naming why, where the answer has one' }),
      missingRight: jsonSchema.array(jsonSchema.string(), { description: 'on a 403: the rights of which any one would do' }),
    },
    { optional: ['errors', 'reason', 'missingRight'], open: true },
  ),
);
