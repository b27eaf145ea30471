import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceDef, type Right, findResource } from '@backoffice/resources';
import { newId } from '../src/common/object-id';
import { bulkInsert } from '../src/database/bulk-insert';
import { quote, tableName } from '../src/database/naming';
import { payment, setDebtor, user } from './finance/finance-fixtures';
import { type HostileCase, type HostileContext, ROLES, endpointCases, generatedCases, pipelineCases } from './support/hostile-cases';
import { referenceTargets, sampleRecord } from './support/sample-record';
import { type Role, type TestApp, bearer, startTestApp } from './support/test-app';

/**
 * Hostile input from every demo role against every model of the registry: each request must answer 4xx with a
 * message (never 5xx), and a refused request must change no row and no audit entry.
 */
let t: TestApp;
let context: HostileContext;
const tokens = new Map<Role, string>();
const fiveHundreds: string[] = [];

/** Row count and a hash of every row of every model table (the audit log included), as one text. */
const FINGERPRINT = `SELECT concat_ws('|', ${RESOURCES.map((def) => `(SELECT count(*) || ':' || coalesce(sum(hashtext(id || doc::text)), 0) FROM ${quote(tableName(def))})`).join(', ')}) AS fingerprint`;
const fingerprint = async () => (await t.db.query<{ fingerprint: string }>(FINGERPRINT))[0].fingerprint;

/** One stored record per model to patch: made through the API where a sample passes, else inserted. */
async function storedRecords(superToken: string): Promise<Map<string, string>> {
  const create = async (def: ResourceDef, doc: Record<string, unknown>) => {
    const created = await t.http.post(`/api/company/model/${def.name}`).set(bearer(superToken)).send(doc);
    if (created.status === 201) return created.body._id as string;
    const id = newId();
    await bulkInsert(t.db, findResource(def.name)!, [{ id, companyId: t.companies.a, doc }]);
    return id;
  };
  const targets = await referenceTargets(RESOURCES.map((def) => def.name), create);
  return new Map(targets);
}

beforeAll(async () => {
  t = await startTestApp();
  const rights = {} as Record<Role, ReadonlySet<Right>>;
  for (const role of ROLES) {
    tokens.set(role, await t.token(role));
    rights[role] = new Set((await t.http.get('/api/auth/me').set(bearer(tokens.get(role)!))).body.rights as Right[]);
  }
  context = { rights, recordIds: await storedRecords(tokens.get('super')!) };
}, 300_000);

afterAll(async () => {
  console.log(`hostile input: ${fiveHundreds.length} answers of 5xx${fiveHundreds.length ? `: ${fiveHundreds.join('; ')}` : ''}`);
  await t.close();
});

/** What is wrong with the answer to one case, or null. */
async function problemOf(hostile: HostileCase): Promise<string | null> {
  const before = await fingerprint();
  let request = t.http[hostile.method](hostile.url).set(bearer(tokens.get(hostile.role)!));
  if (hostile.headers) request = request.set(hostile.headers);
  if (hostile.body !== undefined) request = request.set('Content-Type', 'application/json').send(hostile.body);
  const response = await request;
  const changed = (await fingerprint()) !== before;
  const status = response.status;
  const body = response.body as { message?: unknown; errors?: { field: string }[]; reason?: string } | unknown[];
  if (status >= 500) fiveHundreds.push(`${hostile.label} → ${status}`);
  if (status >= 500) return `${status} ${JSON.stringify(body).slice(0, 200)}`;
  if (hostile.outcome === 'harmless') {
    if (changed) return `${status} but rows changed`;
    if (status < 300 && Array.isArray(body) && body.length > 0 && /OR|'|%|_|\\/.test(hostile.label)) return `${status} with ${body.length} rows for an injection-shaped value`;
    return null;
  }
  if (status < 400) return `${status}: accepted`;
  if (changed) return `${status} but rows or audit entries changed`;
  if (Array.isArray(body) || typeof body.message !== 'string' || !body.message) return `${status} without a message`;
  if (body.reason === 'database-refused' || body.reason === 'database-limit') return `${status} only from the database: ${body.message}`;
  if (hostile.field && status === 400 && !(body.errors ?? []).some((error) => error.field === hostile.field || error.field.startsWith(`${hostile.field}.`))) {
    return `${status} not naming ${hostile.field}: ${JSON.stringify(body).slice(0, 200)}`;
  }
  return null;
}

/** Runs the cases of each class in turn; prints the count per class; lists every case answered wrongly. */
function describeClasses(title: string, cases: () => HostileCase[], setup?: () => Promise<void>) {
  describe(title, () => {
    if (setup) beforeAll(setup);
    it('answers every case with a 4xx and a message, never a 5xx, and changes nothing when it refuses', async () => {
      const all = cases();
      const byClass = new Map<string, HostileCase[]>();
      for (const hostile of all) byClass.set(hostile.className, [...(byClass.get(hostile.className) ?? []), hostile]);
      const problems: string[] = [];
      for (const [className, classCases] of byClass) {
        const before = problems.length;
        for (const hostile of classCases) {
          const problem = await problemOf(hostile);
          if (problem) problems.push(`[${className}] ${hostile.label} as ${hostile.role}: ${problem}`);
        }
        console.log(`${title} | ${className}: ${classCases.length} cases, ${problems.length - before} answered wrongly`);
      }
      console.log(`${title}: ${all.length} cases in total`);
      expect(problems).toEqual([]);
    }, 600_000);
  });
}

describeClasses('hostile input', () => [...generatedCases(context), ...endpointCases()]);

// Bounds on amounts and numbers, and the checked filters of bulk runs and bank files: the write pipeline's part.
// a refundable credit, so a filter that ignored a key would find something to refund or pay
describeClasses('hostile input answered by the write pipeline', () => pipelineCases(context), async () => {
  await setDebtor(t);
  await payment(t, { userId: await user(t), type: 'pin', cents: 3000, left: 1000 });
});
