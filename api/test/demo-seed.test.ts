import { randomBytes } from 'node:crypto';
import { type FieldDef, type ResourceDef, allResources, getPath, validateRecord } from '@backoffice/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/database/database';
import { runMigrations } from '../src/database/migrations';
import { quote, tableName } from '../src/database/naming';
import { openDatabase } from '../src/database/open-database';
import { isValidIban } from '../src/demo/iban';
import { DEMO_SIGN_INS } from '../src/demo/sign-ins';
import { seedDemo } from '../src/demo/seed';
import { ANONYMOUS_EMAIL_DOMAIN } from '../src/demo/users';
import { mailPagePlan } from './support/mail-page-plan';

type Row = { id: string; company_id: string; doc: Record<string, unknown> };

let db: Database;
let schema: string | null = null;
let seedSeconds = 0;
let signIns: Awaited<ReturnType<typeof seedDemo>>;
const rows = new Map<string, Row[]>();
let demoId = '';
let otherId = '';

const of = (model: string, companyId = demoId) => (rows.get(model) ?? []).filter((row) => row.company_id === companyId);
const values = (model: string, path: string, companyId = demoId) => new Set(of(model, companyId).map((row) => getPath(row.doc, path)));

async function totals(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const def of allResources()) {
    const [{ count }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${quote(tableName(def))}`);
    counts[def.name] = count;
  }
  return counts;
}

/** Every reference a record holds, as [target model, id, path], through objects and list items. */
function references(fields: readonly FieldDef[], node: unknown, prefix = ''): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const field of fields) {
    const value = getPath(node, field.path);
    if (value === undefined || value === null) continue;
    if (field.kind === 'reference' && typeof value === 'string') found.push([field.ref!.resource, value, prefix + field.path]);
    if (field.kind === 'object' && field.fields) found.push(...references(field.fields, value, `${prefix}${field.path}.`));
    if (field.kind === 'list' && field.fields && Array.isArray(value)) {
      value.forEach((item, index) => found.push(...references(field.fields!, item, `${prefix}${field.path}.${index}.`)));
    }
  }
  return found;
}

beforeAll(async () => {
  schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : null;
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: null, databaseSchema: schema });
  await runMigrations(db);
  const started = performance.now();
  signIns = await seedDemo(db);
  seedSeconds = (performance.now() - started) / 1000;
  for (const def of allResources()) rows.set(def.name, await db.query<Row>(`SELECT id, company_id, doc FROM ${quote(tableName(def))}`));
  demoId = rows.get('company')!.find((row) => getPath(row.doc, 'name.id') === 'demo-events')!.id;
  otherId = rows.get('company')!.find((row) => getPath(row.doc, 'name.id') === 'other-festival')!.id;
}, 300_000);

afterAll(async () => {
  if (schema) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.close();
});

describe('demo seed', () => {
  it('leaves every table it filled with the planner\'s statistics, so a page of a company is read from its index', async () => {
    const unanalysed = await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
        AND c.reltuples > 0 AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = c.relname)`,
    );
    expect(unanalysed).toEqual([]);
    expect(await mailPagePlan(db, demoId)).toContain('communication_mail_state_put_at_unix_idx');
  });

  it('returns the sign-ins', () => {
    // the time is a figure, not an assertion (timed assertions fail on busy machines)
    console.info(`demo seed took ${seedSeconds.toFixed(1)} s`);
    expect(signIns.map((signIn) => signIn.email)).toEqual(DEMO_SIGN_INS.map((signIn) => signIn.email));
  });

  it('stores only records that pass their definition', () => {
    const problems: string[] = [];
    for (const def of allResources()) {
      for (const row of rows.get(def.name)!) {
        for (const error of validateRecord(def, row.doc)) if (problems.length < 30) problems.push(`${def.name} ${row.id}: ${error.message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('fills every model that users and staff write', () => {
    // the audit log and the record of accounting exports are written by what people do, not typed in
    const written = allResources().filter((def) => def.name !== 'auditLog' && def.name !== 'invoiceExport');
    const empty = written.filter((def) => of(def.name).length === 0).map((def) => def.name);
    expect(empty).toEqual([]);
  });

  it('keeps references inside the company and pointing at records that exist', () => {
    const ids = new Map<string, Map<string, string>>();
    for (const [model, list] of rows) ids.set(model, new Map(list.map((row) => [row.id, row.company_id])));
    const problems: string[] = [];
    for (const def of allResources() as ResourceDef[]) {
      for (const row of rows.get(def.name)!) {
        for (const [target, id, path] of references(def.fields, row.doc)) {
          const owner = target === 'company' ? id : ids.get(target)?.get(id);
          if (owner !== row.company_id && problems.length < 20) problems.push(`${def.name} ${row.id} ${path} -> ${target} ${id}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('dates ids at the creation moment', () => {
    for (const model of ['transaction', 'payment', 'user', 'communicationMail']) {
      for (const row of of(model).slice(0, 500)) {
        expect(parseInt(row.id.slice(0, 8), 16)).toBe(getPath(row.doc, 'meta.createdAt'));
      }
    }
  });

  it('seeds the counts asked for, and a small second company', () => {
    expect(of('user').length).toBeGreaterThanOrEqual(2000);
    expect(of('user').length).toBeLessThan(2100);
    expect(of('transaction').length).toBe(50_000);
    expect(of('payment').length).toBeGreaterThan(9_800);
    expect(of('payment').length).toBeLessThanOrEqual(10_000);
    expect(of('merchant').length).toBe(8);
    expect(of('transaction', otherId).length).toBeGreaterThan(0);
    expect(of('user', otherId).length).toBeLessThan(100);
  });

  it('has anonymous, card and blocked users, with birthdays, +31 phones and valid IBANs', () => {
    const users = of('user').map((row) => row.doc);
    const email = (doc: Record<string, unknown>) => String(getPath(doc, 'email.value'));
    const anonymous = users.filter((doc) => email(doc).endsWith(`@${ANONYMOUS_EMAIL_DOMAIN}`));
    expect(anonymous.length).toBeGreaterThan(100);
    expect(anonymous.every((doc) => getPath(doc, 'email.anonymous') === true && getPath(doc, 'birthday') === undefined)).toBe(true);
    expect(users.filter((doc) => email(doc).includes('_blocked_')).length).toBeGreaterThan(10);
    expect(users.filter((doc) => getPath(doc, 'bracelet.state.id') === 'linked' && getPath(doc, 'email.anonymous') === false).length).toBeGreaterThan(100);
    expect(users.filter((doc) => getPath(doc, 'birthday.date')).length).toBeGreaterThan(1000);
    expect(users.filter((doc) => getPath(doc, 'mobile.countrycode') === '+31').length).toBeGreaterThan(1000);
    const ibans = users.map((doc) => getPath(doc, 'pay.iban')).filter(Boolean) as string[];
    expect(ibans.length).toBeGreaterThan(200);
    expect(ibans.filter((iban) => !isValidIban(iban))).toEqual([]);
    expect(users.filter((doc) => (getPath(doc, '_projectSpecific.rights') as string[]).includes('third-party')).length).toBeGreaterThan(0);
    const blockList = getPath(rows.get('company')!.find((row) => row.id === demoId)!.doc, 'userBlockedRef') as unknown[];
    expect(blockList.length).toBeGreaterThan(0);
  });

  it('has payments of every type and state, some completed with credit left', () => {
    expect(values('payment', 'paymentType').size).toBe(12);
    expect([...values('payment', 'state.id')].sort()).toEqual(['cancelled', 'completed', 'created', 'expired', 'pending', 'refunded']);
    const leftover = of('payment').filter((row) => getPath(row.doc, 'state.id') === 'completed' && (getPath(row.doc, 'amountLeft.cents') as number) > 0);
    expect(leftover.length).toBeGreaterThan(500);
  });

  it('has transactions in every state over the current year, naming products, merchant, terminal, user and payment', () => {
    expect([...values('transaction', 'state.id')].sort()).toEqual(['accepted', 'cancelled', 'completed', 'created', 'failed', 'paid', 'pending', 'refunded']);
    const year = new Date().getUTCFullYear();
    const months = new Set<number>();
    for (const row of of('transaction')) {
      const at = new Date((getPath(row.doc, 'state.put.at.unix') as number) * 1000);
      expect(at.getUTCFullYear()).toBe(year);
      months.add(at.getUTCMonth());
      expect((row.doc.productRef as unknown[]).length).toBeGreaterThan(0);
      for (const path of ['merchantRef.merchantId', 'registerTerminalRef.registerTerminalId', 'userRef.userId', 'paymentRef.0.paymentId']) {
        expect(getPath(row.doc, path), path).toMatch(/^[0-9a-f]{24}$/);
      }
    }
    expect(months.size).toBeGreaterThanOrEqual(Math.min(6, new Date().getUTCMonth() + 1));
  });

  it('has merchants with products of every type, both tax rates, layouts and 2 to 4 terminals', () => {
    expect([...values('product', 'type')].sort()).toEqual(['drink', 'locker-company-locker', 'others']);
    expect([...values('product', 'taxPercentage')].sort()).toEqual([0.09, 0.21]);
    for (const merchant of of('merchant')) {
      expect((getPath(merchant.doc, 'productLayoutTablet.tab0.placement') as string[]).length).toBeGreaterThanOrEqual(24);
      expect((getPath(merchant.doc, 'productLayoutMobile.tab0.placement') as string[]).length).toBeGreaterThan(0);
      const terminals = of('registerTerminal').filter((row) => getPath(row.doc, 'merchantRef.merchantId') === merchant.id);
      expect(terminals.length).toBeGreaterThanOrEqual(2);
      expect(terminals.length).toBeLessThanOrEqual(4);
    }
  });

  it('has events with guests and timeslots: one of kind mux, some with guests, some empty', () => {
    expect(of('event').length).toBeGreaterThan(5);
    expect(of('eventGuest').length).toBeGreaterThan(500);
    const slots = of('timeslot');
    expect(slots.filter((row) => row.doc.kind === 'mux').length).toBe(1);
    expect(slots.some((row) => (row.doc.eventGuestRef as unknown[]).length > 0)).toBe(true);
    expect(slots.some((row) => (row.doc.eventGuestRef as unknown[]).length === 0)).toBe(true);
  });

  it('has mails and SMS in every state with histories', () => {
    expect(values('communicationMail', 'state.id').size).toBe(9);
    expect(of('communicationMail').every((row) => (row.doc.stateHistory as unknown[]).length >= 1)).toBe(true);
    expect(values('communicationSms', 'state.id').size).toBeGreaterThanOrEqual(4);
  });

  it('has locations of every geometry, templates of every format, tutorials in several topics, updates, tokens and planned tasks', () => {
    expect(values('location', 'geojson.type')).toEqual(new Set(['Point', 'LineString', 'Polygon', undefined]));
    expect(values('template', 'format').size).toBe(5);
    expect(new Set(of('tutorial').map((row) => (getPath(row.doc, 'name.tag') as string[])[0])).size).toBeGreaterThanOrEqual(3);
    expect(of('companyUpdate').length).toBeGreaterThan(0);
    expect(of('pushToken').length).toBeGreaterThan(100);
    expect(values('workerTask', 'actionMethod.nameCommon')).toEqual(new Set(['scheduled-sms', 'scheduled-mail', 'scheduled-notification']));
  });

  it('has pictures for products, merchants, some locations and the logo, stored as image records with their bytes', async () => {
    const blobs = new Map((await db.query<{ id: string; company_id: string }>(`SELECT id, company_id FROM image_blob WHERE variant = 'original'`)).map((row) => [row.id, row.company_id]));
    const images = new Map(rows.get('image')!.map((row) => [row.id, row]));
    const used = [
      ...of('product').map((row) => [row, getPath(row.doc, 'image.profile')] as const),
      ...of('merchant').map((row) => [row, getPath(row.doc, 'image.banner')] as const),
      ...of('location').filter((row) => getPath(row.doc, 'image.mapIcon')).map((row) => [row, getPath(row.doc, 'image.mapIcon')] as const),
    ];
    expect(used.filter(([, id]) => !id)).toEqual([]);
    for (const [row, id] of used) {
      expect(blobs.get(String(id))).toBe(row.company_id);
      expect(images.get(String(id))?.company_id).toBe(row.company_id);
    }
    expect(blobs.has(String(getPath(rows.get('company')!.find((row) => row.id === demoId)!.doc, 'image.profile')))).toBe(true);
  });

  it('builds the derived rows the insert triggers would have kept, and leaves those triggers on', async () => {
    // each query lists what one side has and the other lacks: day totals, payment day totals, sale items
    const differences = async (kept: string, computed: string) => [
      ...(await db.query(`${kept} EXCEPT ${computed}`)),
      ...(await db.query(`${computed} EXCEPT ${kept}`)),
    ];
    expect(
      await differences(
        'SELECT company_id, day, state_id, sum(total_count)::bigint AS n, sum(total_cents)::bigint AS c FROM finance_transaction_day GROUP BY 1, 2, 3',
        'SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, state_id, count(*)::bigint, sum(amount_cents)::bigint FROM "transaction" WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3',
      ),
    ).toEqual([]);
    expect(
      await differences(
        'SELECT company_id, day, payment_type, state_id, sum(total_count)::bigint, sum(total_cents)::bigint, sum(total_left_cents)::bigint FROM finance_payment_day GROUP BY 1, 2, 3, 4',
        'SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, payment_type, state_id, count(*)::bigint, coalesce(sum(amount_cents), 0)::bigint, coalesce(sum(amount_left_cents), 0)::bigint FROM "payment" WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3, 4',
      ),
    ).toEqual([]);
    expect(
      await differences(
        'SELECT transaction_id, sum(item_count)::bigint FROM merchant_sale_item GROUP BY 1',
        `SELECT id, jsonb_array_length(doc -> 'productRef')::bigint FROM "transaction" WHERE jsonb_array_length(doc -> 'productRef') > 0`,
      ),
    ).toEqual([]);
    const triggers = await db.query<{ name: string; enabled: string }>(
      `SELECT t.tgname AS name, t.tgenabled AS enabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND t.tgname IN ('finance_transaction_day_insert', 'merchant_sale_item_insert', 'finance_payment_day_insert') ORDER BY 1`,
    );
    expect(triggers).toEqual(['finance_payment_day_insert', 'finance_transaction_day_insert', 'merchant_sale_item_insert'].map((name) => ({ name, enabled: 'O' })));
  });

  it('adds nothing on a second run', async () => {
    const before = await totals();
    await seedDemo(db);
    expect(await totals()).toEqual(before);
  });
});
