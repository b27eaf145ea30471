import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { iban, insert, payment, paymentDoc, read, setDebtor, user, userDoc } from './finance-fixtures';

const XSD = readFileSync(join(__dirname, 'fixtures', 'pain.001.001.03.xsd'), 'utf8');
const URL = '/api/company/finance/refund-bank-file';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await setDebtor(t);
});
afterAll(() => t.close());

interface Transfer {
  endToEndId: string;
  cents: number;
  name: string;
  iban: string;
}

/** The transfers of a pain.001 file, read back from the XML. */
function transfersOf(xml: string): Transfer[] {
  return [...xml.matchAll(/<CdtTrfTxInf>(.*?)<\/CdtTrfTxInf>/gs)].map(([, block]) => {
    const [euros, cents] = /<InstdAmt Ccy="EUR">(\d+)\.(\d{2})<\/InstdAmt>/.exec(block)!.slice(1);
    return {
      endToEndId: /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(block)![1],
      cents: Number(euros) * 100 + Number(cents),
      name: /<Cdtr><Nm>([^<]*)<\/Nm>/.exec(block)![1],
      iban: /<CdtrAcct><Id><IBAN>([^<]+)<\/IBAN>/.exec(block)![1],
    };
  });
}

const header = (xml: string, tag: string) => /<GrpHdr>.*?<(\w+)>/s.test(xml) && new RegExp(`<GrpHdr>.*?<${tag}>([^<]+)</${tag}>`, 's').exec(xml)![1];
const centsOf = (text: string) => Math.round(Number(text) * 100);

async function download(id: string, token: string): Promise<{ type: string; files: Record<string, string> }> {
  const response = await t.http.get(`${URL}/${id}/download`).set(bearer(token)).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  expect(response.status).toBe(200);
  const body = response.body as Buffer;
  const type = String(response.headers['content-type']);
  if (type.startsWith('application/zip')) return { type, files: Object.fromEntries(Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [name, strFromU8(bytes)])) };
  return { type, files: { single: body.toString('utf8') } };
}

async function expectValid(xml: string): Promise<void> {
  const result = await validateXML({ xml: [{ fileName: 'file.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.03.xsd', contents: XSD }] });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

describe('refund bank files', () => {
  it('puts 1 000 refunds in 3 files valid against pain.001.001.03, with the right sums, nobody twice, largest first, and not again in the next file', async () => {
    const token = await t.token('company');
    const users = Array.from({ length: 1000 }, (_, n) => userDoc({ email: `payer-${n}@bank.test`, iban: iban(100_000 + n), holder: n % 10 === 0 ? null : `Payer ${n}` }));
    const userIds = await insert(t, 'user', users);
    const amounts = userIds.map((_, n) => 100 + ((n * 7919) % 9000));
    const ids = await insert(t, 'payment', userIds.map((userId, n) => paymentDoc({ userId, type: ['paynl', 'pin', 'cash', 'internal'][n % 4], cents: 10_000, left: amounts[n] })));

    const made = await t.http.post(URL).set(bearer(token)).send({ paymentIds: ids, confirmedCount: ids.length });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fileCount: 3, transferCount: 1000, refundCount: 1000, totalCents: amounts.reduce((a, b) => a + b, 0), contentType: 'application/zip', skipped: [] });
    expect(made.body.files.map((file: { transfers: number }) => file.transfers)).toEqual([350, 350, 300]);

    const { files } = await download(made.body.id, token);
    const xmls = Object.keys(files).sort().map((name) => files[name]);
    expect(xmls).toHaveLength(3);
    const all: Transfer[] = [];
    for (const xml of xmls) {
      await expectValid(xml);
      const transfers = transfersOf(xml);
      expect(Number(header(xml, 'NbOfTxs'))).toBe(transfers.length);
      expect(centsOf(header(xml, 'CtrlSum') as string)).toBe(transfers.reduce((sum, transfer) => sum + transfer.cents, 0));
      all.push(...transfers);
    }
    expect(all).toHaveLength(1000);
    expect(new Set(all.map((transfer) => transfer.iban)).size).toBe(1000);
    expect(new Set(all.map((transfer) => transfer.endToEndId)).size).toBe(1000);
    expect(all.map((transfer) => transfer.cents)).toEqual([...amounts].sort((a, b) => b - a));
    expect(all.every((transfer) => /^RF[1-3]-\d{17}-\d{4}$/.test(transfer.endToEndId))).toBe(true);
    expect(all.filter((transfer) => transfer.name === 'Unknown')).toHaveLength(100);
    expect(all.reduce((sum, transfer) => sum + transfer.cents, 0)).toBe(made.body.totalCents);

    // every payment is refunded by bank: nothing left, a completed refund in this file
    const originals = await t.db.query<{ left: number }>('SELECT amount_left_cents AS left FROM payment WHERE id = ANY($1::text[])', [ids]);
    expect(originals.every((row) => row.left === 0)).toBe(true);
    const refunds = await t.db.query<{ cents: number; file: string; state: string }>(
      `SELECT amount_cents AS cents, doc #>> '{meta,bank,bankFileId}' AS file, state_id AS state FROM payment WHERE refund_of_ref_payment_id = ANY($1::text[])`,
      [ids],
    );
    expect(refunds).toHaveLength(1000);
    expect(refunds.every((refund) => refund.file === made.body.id && refund.state === 'completed')).toBe(true);
    const original = await read(t, 'payment', ids[0]);
    const [refundOfFirst] = await t.db.query<{ id: string }>('SELECT id FROM payment WHERE refund_of_ref_payment_id = $1', [ids[0]]);
    expect(original).toMatchObject({ amountLeft: { cents: 0 }, refundRef: [{ paymentId: refundOfFirst.id }], paymentType: 'paynl', amount: { cents: 10_000 } });
    expect(original.meta.updatedAt).toBeGreaterThan(0);

    // every write is audited by the company admin: the refunds created whole, the originals' changed paths
    const audited = await t.db.query<{ action: string; count: number }>(
      `SELECT action, count(*)::int AS count FROM audit_log WHERE actor_ref_user_id = $1 AND model = 'payment'
         AND (record_id = ANY($2::text[]) OR record_id IN (SELECT id FROM payment WHERE refund_of_ref_payment_id = ANY($2::text[]))) GROUP BY action ORDER BY action`,
      [t.userIds.a.company, ids],
    );
    expect(audited).toEqual([{ action: 'create', count: 1000 }, { action: 'update', count: 1000 }]);
    const [refundCreated] = await t.db.query<{ changes: unknown }>(`SELECT doc -> 'changes' AS changes FROM audit_log WHERE record_id = $1 AND action = 'create'`, [refundOfFirst.id]);
    expect(refundCreated.changes).toEqual([{ path: '', old: null, new: expect.objectContaining({ refundOfRef: { paymentId: ids[0] }, paymentType: 'refund' }) }]);
    const [originalUpdated] = await t.db.query<{ changes: { path: string }[] }>(`SELECT doc -> 'changes' AS changes FROM audit_log WHERE record_id = $1 AND action = 'update'`, [ids[0]]);
    expect(originalUpdated.changes).toContainEqual({ path: 'amountLeft.cents', old: amounts[0], new: 0 });
    expect(originalUpdated.changes).toContainEqual({ path: 'refundRef', old: null, new: [{ paymentId: refundOfFirst.id }] });
    expect(originalUpdated.changes.every((change) => ['amountLeft.cents', 'meta.updatedAt', 'refundRef'].includes(change.path))).toBe(true);

    // the next file does not pay them again
    const again = await t.http.post(URL).set(bearer(token)).send({ paymentIds: ids, confirmedCount: ids.length });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('nothing-to-refund');
    expect(again.body.skipped.every((entry: { reason: string }) => entry.reason === 'nothing-left')).toBe(true);
    expect(await t.db.query('SELECT id FROM payment WHERE refund_of_ref_payment_id = ANY($1::text[])', [ids])).toHaveLength(1000);

    // and the file can be downloaded again, the same
    expect((await download(made.body.id, token)).files).toEqual(files);
    const listed = await t.http.get(URL).set(bearer(token));
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toMatchObject({ id: made.body.id, fileCount: 3 });
  }, 120_000);

  it('sums people with the same email, leaves out blocked accounts and bad IBANs, reduces names to the SEPA set and gives one XML file', async () => {
    const token = await t.token('company');
    const same = `twice-${Date.now()}@bank.test`;
    const first = await user(t, { email: same, iban: 'NL91 abna 0417 1643 00', holder: 'Zoë Ünal & Søn' });
    // one active account per email: the same person's older account is archived (sums still go by email)
    await t.db.query(`UPDATE "user" SET doc = doc || jsonb_build_object('meta', coalesce(doc -> 'meta', '{}'::jsonb) || '{"archived": true}'::jsonb) WHERE id = $1`, [first]);
    const second = await user(t, { email: same.toUpperCase(), iban: 'NL91ABNA0417164300', holder: null });
    const blocked = await user(t, { email: `x_blocked_${Date.now()}@bank.test` });
    const badIban = await user(t, { iban: 'NL12ABNA0000000000' });
    const ids = [
      await payment(t, { userId: first, type: 'pin', cents: 2000, left: 1500 }),
      await payment(t, { userId: second, type: 'cash', cents: 2000, left: 250 }),
      await payment(t, { userId: first, type: 'internal', cents: 900, left: 900 }),
      await payment(t, { userId: blocked, type: 'pin', left: 1000 }),
      await payment(t, { userId: badIban, type: 'pin', left: 1000 }),
      await payment(t, { userId: first, type: 'cash-non-refundable', left: 1000 }),
    ];
    const made = await t.http.post(URL).set(bearer(token)).send({ paymentIds: ids, includeQueued: false, confirmedCount: ids.length });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fileCount: 1, transferCount: 1, refundCount: 3, totalCents: 2650, contentType: 'application/xml' });
    expect(made.body.skipped).toEqual(
      expect.arrayContaining([
        { paymentId: ids[3], reason: 'blocked' },
        { paymentId: ids[4], reason: 'no-valid-iban' },
        { paymentId: ids[5], reason: 'type-not-refundable' },
      ]),
    );
    const { files } = await download(made.body.id, token);
    await expectValid(files.single);
    expect(transfersOf(files.single)).toEqual([expect.objectContaining({ cents: 2650, name: 'Zoe Unal + Son', iban: 'NL91ABNA0417164300' })]);
    expect(files.single).toContain('<Dbtr><Nm>Demo Events B.V.</Nm></Dbtr><DbtrAcct><Id><IBAN>NL91ABNA0417164300</IBAN>');
    for (const id of ids.slice(3)) expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 1000 });
  });

  it('pays the refunds by bank account made one by one since the last file', async () => {
    const token = await t.token('company');
    const userId = await user(t, { holder: 'Queued Person' });
    const id = await payment(t, { userId, type: 'pin', left: 4321 });
    expect((await t.http.post(`/api/company/finance/payment/${id}/refund-iban`).set(bearer(await t.token('finance')))).status).toBe(200);
    const made = await t.http.post(URL).set(bearer(token)).send({ paymentIds: [], confirmedCount: 0 });
    expect(made.status).toBe(201);
    expect(made.body.refundCount).toBeGreaterThanOrEqual(1);
    const { files } = await download(made.body.id, token);
    const xml = files.single ?? Object.values(files).join('');
    expect(transfersOf(xml)).toContainEqual(expect.objectContaining({ cents: 4321, name: 'Queued Person' }));
    const [refund] = await t.db.query<{ doc: Record<string, any> }>('SELECT doc FROM payment WHERE refund_of_ref_payment_id = $1', [id]);
    expect(refund.doc.state.id).toBe('completed');
    expect(refund.doc.meta.bank.bankFileId).toBe(made.body.id);
    expect((await t.http.post(URL).set(bearer(token)).send({ paymentIds: [], confirmedCount: 0 })).status).toBe(409);
  });

  it('never pays the same refund in two files made at the same time', async () => {
    const token = await t.token('company');
    const userIds = await insert(t, 'user', Array.from({ length: 40 }, () => userDoc()));
    const ids = await insert(t, 'payment', userIds.map((userId) => paymentDoc({ userId, type: 'pin', left: 100 })));
    const responses = await Promise.all(Array.from({ length: 4 }, () => t.http.post(URL).set(bearer(token)).send({ paymentIds: ids, includeQueued: false, confirmedCount: ids.length })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.db.query('SELECT id FROM payment WHERE refund_of_ref_payment_id = ANY($1::text[])', [ids])).toHaveLength(40);
  });

  it('is for company admins, needs the debtor account and keeps files within the company', async () => {
    const userId = await user(t);
    const id = await payment(t, { userId, type: 'pin' });
    for (const role of ['finance', 'merchant', 'user'] as const) {
      expect((await t.http.post(URL).set(bearer(await t.token(role))).send({ paymentIds: [id], confirmedCount: 1 })).status, role).toBe(403);
      expect((await t.http.get(URL).set(bearer(await t.token(role)))).status, role).toBe(403);
    }
    const otherUser = await user(t, {}, 'b');
    const other = await payment(t, { userId: otherUser, type: 'pin' }, 'b');
    const noDebtor = await t.http.post(URL).set(bearer(await t.token('company', 'b'))).send({ paymentIds: [other], confirmedCount: 1 });
    expect(noDebtor.status).toBe(409);
    expect(noDebtor.body.reason).toBe('no-debtor-account');
    const made = await t.http.post(URL).set(bearer(await t.token('company'))).send({ paymentIds: [id, other], includeQueued: false, confirmedCount: 2 });
    expect(made.status).toBe(201);
    expect(made.body.skipped).toEqual([{ paymentId: other, reason: 'not-found' }]);
    expect((await t.http.get(`${URL}/${made.body.id}/download`).set(bearer(await t.token('company', 'b')))).status).toBe(404);
    expect((await t.http.get(`${URL}/${made.body.id}`).set(bearer(await t.token('super')))).status).toBe(200);
  });
});
