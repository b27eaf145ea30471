import { errorSchema, findResource, jsonSchema } from '@backoffice/resources';
import { type Answer, type OperationContract, type Schema, refusal } from '../operation';
import { resourceSchema } from '../resource-schemas';

/** A domain route's contract; its tags, summary and description default to the controller's decorators. */
export type DomainOperation = Omit<OperationContract, 'tags'> & { tags?: readonly string[] };

/** A route as `METHOD /path` in OpenAPI's form, the key that joins a contract to the route Nest serves. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** A JSON answer. */
export const ok = (description: string, schema: Schema): Answer => ({ description, schema });
/** A file answer. */
export const file = (description: string, mediaType: string): Answer => ({ description, mediaType, schema: { type: 'string', contentMediaType: mediaType } });
/** An answer without a body. */
export const empty = (description: string): Answer => ({ description });
export { refusal };

/** A record of a model, as the generic read answers it. */
export const record = (model: string) => jsonSchema.ref(model);
/** A model's record with properties a domain list adds (or answers in another shape), as a component of that name. */
export function recordWith(model: string, name: string, properties: Record<string, Schema>): Schema {
  const schema = resourceSchema(findResource(model)!);
  return jsonSchema.named(name, { ...schema, title: name, properties: { ...(schema.properties as Record<string, Schema>), ...properties }, required: [...(schema.required as string[]), ...Object.keys(properties)] });
}

/** The shared error body with what a refusal adds (a reason, an outcome …). */
export const errorWith = (description: string): Answer => ({ description, schema: errorSchema });

/** The message answer of actions that only report: `{message}`. */
export const messageSchema = jsonSchema.object({ message: jsonSchema.string() });
