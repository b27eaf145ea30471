import type { ResourceDef } from '@backoffice/resources';
import { newId } from '../../../src/common/object-id';
import { modelOperations } from '../../../src/openapi/model-operations';
import { type TestApp, bearer } from '../../support/test-app';
import type { Call } from './calls';
import { type ModelRecords, changeOf } from './model-calls';

type Refusals = (records: ModelRecords, t: TestApp, def: ResourceDef) => Promise<Call[]>;

const url = (def: ResourceDef, rest = '') => `/api/company/model/${def.name}${rest}`;
const LOCKER_PRODUCT = { type: 'locker-company-locker', content: { lockerCompanyEventId: 'event-1' } };

/** A call made while an environment variable is set, as an installation configured so would have it. */
const withEnv = (variable: string, value: string, call: Call): Call => ({ ...call, env: { [variable]: value } });

/**
 * The refusals the domain rules add to each model's generic operations (api/src/openapi/model-refusals.ts), made to
 * happen; and the 404 of every operation on a record that is not there.
 */
const DOMAIN_REFUSALS: Record<string, Refusals> = {
  async payment(records, _t, def) {
    const id = await records.id(def);
    const refund = await records.sample(def, { paymentType: 'refund' });
    return [
      { operationId: 'paymentCreate', path: url(def), body: refund, expect: 409 },
      { operationId: 'paymentUpdate', path: url(def, `/${id}`), role: 'finance', body: { amount: { cents: 1 } }, expect: 409 },
    ];
  },
  async transaction(records, _t, def) {
    const unpaid = await records.id(def, { 'state.id': 'accepted' });
    return [
      { operationId: 'transactionUpdate', path: url(def, `/${unpaid}`), body: { name: { full: 'Changed' } }, expect: 409 },
    ];
  },
  async user(records, t, def) {
    const taken = `taken-${newId()}@example.test`;
    const holder = await records.id(def, { 'email.value': taken });
    const other = await records.id(def);
    const archived = await records.id(def);
    const token = bearer(await t.token('super'));
    const archivedEmail = (await t.http.get(url(def, `/${archived}`)).set(token)).body.email.value;
    await t.http.post(url(def, `/${archived}/archive`)).set(token);
    await records.id(def, { 'email.value': archivedEmail });
    void holder;
    return [
      { operationId: 'userCreate', path: url(def), body: await records.sample(def, { 'email.value': taken }), expect: 409 },
      { operationId: 'userUpdate', path: url(def, `/${other}`), body: { email: { value: taken } }, expect: 409 },
      { operationId: 'userUnarchive', path: url(def, `/${archived}/unarchive`), expect: 409 },
      { operationId: 'userImport', path: url(def, '/import'), body: { import: { headers: ['email.value', 'name.full'], rows: [[taken, 'Someone']] } }, expect: 409 },
      { operationId: 'userImportPatch', path: url(def, '/import/patch'), body: { import: { headers: ['_id', 'email.value'], rows: [[other, taken]] } }, expect: 409 },
    ];
  },
  async merchant(records, t, def) {
    const id = await records.id(def);
    const created = await t.http.post('/api/company/model/product').set(bearer(await t.token('super'))).send({ nameLocalized: { full: { en: 'Beer' } }, price: { cents: 300 }, taxPercentage: 0.21, type: 'drink', merchantRef: { merchantId: id } });
    if (created.status !== 201) throw new Error(`product: ${created.text}`);
    return [{ operationId: 'merchantDelete', path: url(def, `/${id}`), expect: 409 }];
  },
  async timeslot(records, _t, def) {
    return [{ operationId: 'timeslotDelete', path: url(def, `/${await records.id(def, { kind: 'mux' })}`), expect: 409 }];
  },
  async template(records, _t, def) {
    return [{ operationId: 'templateDelete', path: url(def, `/${await records.id(def, { 'subject.en': 'Hello' })}`), expect: 409 }];
  },
  async product(records, _t, def) {
    const id = await records.id(def);
    return [
      withEnv('LOCKER_COMPANY_ENABLED', 'false', { operationId: 'productCreate', path: url(def), body: await records.sample(def, LOCKER_PRODUCT), expect: 409 }),
      withEnv('LOCKER_COMPANY_ENABLED', 'false', { operationId: 'productUpdate', path: url(def, `/${id}`), body: LOCKER_PRODUCT, expect: 409 }),
      withEnv('LOCKER_COMPANY_URL', 'http://127.0.0.1:9', { operationId: 'productCreate', path: url(def), body: await records.sample(def, LOCKER_PRODUCT), expect: 502 }),
      withEnv('LOCKER_COMPANY_URL', 'http://127.0.0.1:9', { operationId: 'productUpdate', path: url(def, `/${id}`), body: LOCKER_PRODUCT, expect: 502 }),
    ];
  },
};

/** Every refusal of a model's operations: the domain's, and 404 for a record that is not there. */
export async function modelRefusalCalls(def: ResourceDef, records: ModelRecords, t: TestApp): Promise<Call[]> {
  const missing = newId();
  const onMissing: Call[] = [
    { operationId: `${def.name}Read`, path: url(def, `/${missing}`), expect: 404 },
    { operationId: `${def.name}Update`, path: url(def, `/${missing}`), body: {}, expect: 404 },
    { operationId: `${def.name}Delete`, path: url(def, `/${missing}`), expect: 404 },
    { operationId: `${def.name}Archive`, path: url(def, `/${missing}/archive`), expect: 404 },
    { operationId: `${def.name}Unarchive`, path: url(def, `/${missing}/unarchive`), expect: 404 },
    { operationId: `${def.name}Duplicate`, path: url(def, `/${missing}/duplicate`), expect: 404 },
  ];
  onMissing.push(
    { operationId: `${def.name}History`, path: url(def, `/${missing}/history`), expect: 404 },
    { operationId: `${def.name}Restore`, path: url(def, `/${missing}/history/${newId()}/restore`), expect: 404 },
  );
  const documented = new Set(modelOperations(def).map((operation) => operation.operationId));
  return [...onMissing.filter((call) => documented.has(call.operationId)), ...(await staleVersions(def, records, documented)), ...((await DOMAIN_REFUSALS[def.name]?.(records, t, def)) ?? [])];
}

/** Every write to a record that names a version other than its own (If-Match): 412. */
async function staleVersions(def: ResourceDef, records: ModelRecords, documented: ReadonlySet<string>): Promise<Call[]> {
  const stale = { 'If-Match': 'W/"not-its-version"' };
  const at = async (rest = '') => url(def, `/${await records.id(def)}${rest}`);
  const calls: Call[] = [];
  if (documented.has(`${def.name}Update`)) calls.push({ operationId: `${def.name}Update`, path: await at(), body: changeOf(def), headers: stale, expect: 412 });
  if (documented.has(`${def.name}Delete`)) calls.push({ operationId: `${def.name}Delete`, path: await at(), headers: stale, expect: 412 });
  for (const action of ['Archive', 'Unarchive'] as const) {
    if (documented.has(`${def.name}${action}`)) calls.push({ operationId: `${def.name}${action}`, path: await at(`/${action.toLowerCase()}`), headers: stale, expect: 412 });
  }
  if (documented.has(`${def.name}Restore`)) {
    const { id, entryId } = await records.changed(def);
    calls.push({ operationId: `${def.name}Restore`, path: url(def, `/${id}/history/${entryId}/restore`), headers: stale, expect: 412 });
  }
  return calls;
}
