import { COMPONENT_KEY, isPlainObject } from '@backoffice/resources';

/**
 * The document with every schema that asks to be a component (jsonSchema.named) moved to `components.schemas` and
 * referred to there: generated clients then name it (`components['schemas']['UserBalance']`). Two different schemas
 * of one name are an error.
 */
export function hoistComponents(document: Record<string, unknown>): Record<string, unknown> {
  const components = document.components as { schemas: Record<string, unknown> };
  const hoisted = new Map<string, string>();
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isPlainObject(value)) return value;
    const { [COMPONENT_KEY]: name, ...rest } = value;
    const walked = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, walk(inner)]));
    if (typeof name !== 'string') return walked;
    const text = JSON.stringify(walked);
    if (hoisted.has(name) && hoisted.get(name) !== text) throw new Error(`Two different schemas are named ${name}`);
    hoisted.set(name, text);
    components.schemas[name] = walked;
    return { $ref: `#/components/schemas/${name}` };
  };
  return walk(document) as Record<string, unknown>;
}
