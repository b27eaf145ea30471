import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, RIGHTS, type ResourceDef, type Right, access, copyDoc, defineResource, f, fieldsByPath, fieldsWith, setPath } from '@backoffice/resources';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { runMigrations } from '../src/database/migrations';
import { openDatabase } from '../src/database/open-database';
import { outputDocSql, outputRowJson, readRowToOutput } from '../src/records/record-output';
import type { Doc } from '../src/records/record-repository';
import { sampleValue } from './support/sample-record';

/**
 * List pages are shaped for output by the database (outputDocSql) and every other answer by readRowToOutput. For
 * every model of the registry and every set of rights, both give the same record: the same hidden fields gone,
 * the same euros beside the same amounts.
 */
let db: Database;
let schema: string | null;
beforeAll(async () => {
  schema = process.env.DATABASE_URL ? `test_output_sql_${randomBytes(4).toString('hex')}` : null;
  db = await openDatabase({ ...loadConfig({ ...process.env, SEED_DEMO: 'false' }), dataDir: null, databaseSchema: schema });
  await runMigrations(db);
});
afterAll(async () => {
  if (schema) await db.exec(`DROP SCHEMA "${schema}" CASCADE`);
  await db.close();
});

/** Every field of the model filled in, secret and read-only ones too, the amounts at `cents`. */
function everyField(def: ResourceDef, cents: unknown): Doc {
  const doc: Doc = {};
  for (const [path, field] of fieldsByPath(def)) {
    if (field.kind === 'object' && field.fields) continue;
    const value = field.kind === 'money' ? cents : sampleValue(field);
    if (value !== undefined) setPath(doc, path, value);
  }
  return doc;
}

const RIGHT_SETS: ReadonlySet<Right>[] = [new Set(), ...RIGHTS.map((right) => new Set([right])), new Set(['company', 'finance', 'user'] as const)];

/** No model of the registry hides an amount today: this one hides one alone and one with its whole object. */
const hiddenAmounts = defineResource({
  name: 'hiddenAmounts',
  label: 'Hidden amounts',
  labelPlural: 'Hidden amounts',
  scope: 'company',
  titlePath: 'name',
  fields: [
    f.text('name', { label: 'Name' }),
    f.money('shown.cents', { label: 'Shown' }),
    f.money('secret.cents', { label: 'Secret', readRights: ['finance'] }),
    f.object('cost', [f.money('price.cents', { label: 'Cost price' })], { label: 'Cost', readRights: ['finance'] }),
  ],
  access: access({ read: ['company'] }),
  list: { columns: ['name'], defaultSort: [], searchable: [] },
  archivable: false,
});

async function expectSameOutput(def: ResourceDef) {
  const docs = [{}, ...[1234, 1200, 0, -5, 1, 99_999_999_999, '12', null].map((cents) => everyField(def, cents))];
  for (const rights of RIGHT_SETS) {
    for (const doc of docs) {
      const [row] = await db.query<{ json: string }>(`SELECT (${outputDocSql(def, rights)})::text AS json FROM (SELECT $1::jsonb AS doc) AS row`, [JSON.stringify(doc)]);
      const id = 'a0000000000000000000000f';
      expect(JSON.parse(outputRowJson({ id, json: row.json })), `${def.name} for [${[...rights].join(', ')}]`).toEqual(readRowToOutput(def, { id, doc: copyDoc(doc) }, rights));
    }
  }
}

describe('a record shaped for output by the database is the one readRowToOutput makes', () => {
  for (const def of RESOURCES) it(def.name, () => expectSameOutput(def));

  it('for amounts hidden from some rights, alone or with their object', () => expectSameOutput(hiddenAmounts));

  it('covers models with amounts and models with hidden fields', () => {
    expect(RESOURCES.filter((def) => fieldsWith(def, (field) => field.kind === 'money').length > 0).length).toBeGreaterThan(0);
    expect(RESOURCES.filter((def) => outputDocSql(def, new Set()).includes('#-')).length).toBeGreaterThan(0);
  });
});
