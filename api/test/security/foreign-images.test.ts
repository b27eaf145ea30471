import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS, type ResourceDef, type Right, allResources, effectiveRights, fieldsWith, getPath, importFields, mayAct, setPath } from '@backoffice/resources';
import { quote, tableName } from '../../src/database/naming';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleRecord, sampleReferences } from '../support/sample-record';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { uploadedImage } from '../support/uploaded-image';

// Image fields hold ids of images stored per company. An admin of company a who sets the id of company b's image is
// refused with a 400 naming the field, on every path that writes one: create, patch, import, import/patch,
// duplicate and a domain write (a merchant's copy copies its products), for every model with an image field.
let t: TestApp;
let foreign: string;
let own: string;
let targets: ReferenceTargets;
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const stored = async (def: ResourceDef, id: string) => (await t.db.query<{ doc: Record<string, unknown> }>(`SELECT doc FROM ${quote(tableName(def))} WHERE id = $1`, [id]))[0]?.doc;
const rows = async (def: ResourceDef) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(tableName(def))}`))[0].n;
const fieldsOf = (errors: { field?: string; info?: string }[] | undefined) => (errors ?? []).map((error) => error.field ?? error.info);
let cases = 0;

beforeAll(async () => {
  t = await startTestApp();
  foreign = await uploadedImage(t, await t.token('company', 'b'));
  own = await uploadedImage(t, await t.token('company'));
  targets = await referenceTargetsThroughApi(t, await t.token('super'), sampleReferences(allResources()));
});
afterAll(async () => {
  console.log(`foreign image cases: ${cases}`);
  await t.close();
});

/** The least of the staff of company a who may take the action: the company admin, else the super admin. */
const writer = async (def: ResourceDef, action: 'create' | 'update' | 'import' | 'patch'): Promise<string | null> => {
  for (const role of ['company', 'super'] as const) if (mayAct(def, action, effectiveRights([role as Right]))) return t.token(role);
  return null;
};

/** A record of company a that its admins may edit: a new sample, or the company itself. */
async function recordOf(def: ResourceDef): Promise<string | undefined> {
  const made = await t.http.post(url(def.name)).set(bearer(await t.token('super'))).send(sampleRecord(def, targets));
  if (made.status === 201) return made.body._id;
  return (await t.db.query<{ id: string }>(`SELECT id FROM ${quote(tableName(def))} WHERE company_id = $1 ORDER BY id LIMIT 1`, [t.companies.a]))[0]?.id;
}

/** Puts an image id into a stored record, as writes did before the check. */
async function storeImage(def: ResourceDef, id: string, path: string, image: string): Promise<void> {
  const doc = (await stored(def, id))!;
  setPath(doc, path, image);
  await t.db.query(`UPDATE ${quote(tableName(def))} SET doc = $2::jsonb WHERE id = $1`, [id, JSON.stringify(doc)]);
}

const withImage = (doc: Record<string, unknown>, path: string, id: string) => {
  const copy = structuredClone(doc);
  setPath(copy, path, id);
  return copy;
};

const cases400 = (what: string, response: { status: number; body: { errors?: { field: string }[] } }, path: string) => {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(400);
  expect(fieldsOf(response.body.errors), what).toContain(path);
  cases += 1;
};

const withImages = allResources().flatMap((def) => fieldsWith(def, (field) => field.kind === 'image').map(([path]) => [`${def.name}.${path}`, def, path] as const));

describe.each(withImages)('%s holding another company\'s image', (_name, def, path) => {
  it('is refused on create and import, naming the field, and nothing is written', async () => {
    const creator = await writer(def, 'create');
    if (creator) {
      const count = await rows(def);
      const sample = sampleRecord(def, targets);
      cases400(`create ${def.name}`, await t.http.post(url(def.name)).set(bearer(creator)).send(withImage(sample, path, foreign)), path);
      expect(await rows(def)).toBe(count);
      const made = await t.http.post(url(def.name)).set(bearer(creator)).send(withImage(sampleRecord(def, targets), path, own));
      expect(made.status, `create ${def.name} with its own image: ${JSON.stringify(made.body)}`).toBe(201);
    }
    const importer = await writer(def, 'import');
    const sample = sampleRecord(def, targets);
    const columns = importFields(def).filter(([column, field, rule]) => rule.required || field.required || getPath(sample, column) !== undefined);
    if (importer && columns.length > 0) {
      const count = await rows(def);
      const imported = await t.http.post(url(def.name, '/import')).set(bearer(importer)).send({
        import: { headers: columns.map(([column]) => column), rows: [columns.map(([column, field]) => KINDS[field.kind].toCsv(getPath(sample, column), field))], base: withImage({}, path, foreign) },
      });
      expect(imported.status, `import ${def.name}: ${JSON.stringify(imported.body)}`).toBe(422);
      expect(fieldsOf(imported.body.decline?.rowValidateErrors)).toContain(path);
      expect(await rows(def)).toBe(count);
      cases += 1;
    }
  });

  it('is refused on patch and import/patch, naming the field, and the record stays as it was', async () => {
    const editor = await writer(def, 'update');
    const id = await recordOf(def);
    if (!editor || !id) return;
    const before = await stored(def, id);
    cases400(`patch ${def.name}`, await t.http.patch(url(def.name, `/${id}`)).set(bearer(editor)).send(withImage({}, path, foreign)), path);
    expect(await stored(def, id)).toEqual(before);
    const patcher = await writer(def, 'patch');
    if (patcher) {
      const imported = await t.http.post(url(def.name, '/import/patch')).set(bearer(patcher)).send({ import: { headers: ['_id', path], rows: [[id, foreign]] } });
      // an image column that cannot be imported is refused as a header; one that can, as the row's field
      expect(imported.status, `import/patch ${def.name}: ${JSON.stringify(imported.body)}`).toBeGreaterThanOrEqual(400);
      expect(imported.status).toBeLessThan(500);
      expect(await stored(def, id)).toEqual(before);
      cases += 1;
    }
  });

  it('is refused on duplicate of a record that holds it (stored before the check), naming the field', async () => {
    const creator = await writer(def, 'create');
    if (!creator || def.duplicate === false) return;
    const made = await t.http.post(url(def.name)).set(bearer(creator)).send(sampleRecord(def, targets));
    expect(made.status).toBe(201);
    await storeImage(def, made.body._id, path, foreign);
    const count = await rows(def);
    cases400(`duplicate ${def.name}`, await t.http.post(url(def.name, `/${made.body._id}/duplicate`)).set(bearer(creator)), path);
    expect(await rows(def)).toBe(count);
  });
});

describe('a domain write', () => {
  it("refuses a merchant's copy whose products hold another company's image, naming the field", async () => {
    const product = allResources().find((def) => def.name === 'product')!;
    const token = await t.token('company');
    const merchant = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: 'Copied bar' } });
    expect(merchant.status).toBe(201);
    const made = await t.http.post(url('product')).set(bearer(token)).send({ ...sampleRecord(product, targets), merchantRef: { merchantId: merchant.body._id } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await storeImage(product, made.body._id, 'image.profile', foreign);
    const count = await rows(product);
    cases400('merchant copy', await t.http.post(url('merchant', `/${merchant.body._id}/duplicate`)).set(bearer(token)), 'image.profile');
    expect(await rows(product)).toBe(count);
  });
});
