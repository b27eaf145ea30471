import { strFromU8, unzipSync } from 'fflate';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, type TestApp, bearer, startTestApp } from '../support/test-app';
import { createUser, readUser } from './users-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const switchedOn = await t.http.patch(`/api/company/model/company/${t.companies.a}`).set(bearer(await t.token('super'))).send({ settings: { userFileCv: true } });
  expect(switchedOn.status, JSON.stringify(switchedOn.body)).toBe(200);
});
afterAll(() => t.close());

const url = (userId: string) => `/api/company/user/${userId}/cv`;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const upload = async (userId: string, bytes: Buffer, name: string, role: Role = 'user', company: 'a' | 'b' = 'a') =>
  t.http.post(url(userId)).set(bearer(await t.token(role, company))).attach('file', bytes, name);
const binary = (request: Test) => request.buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});
const blobCount = async (id: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file_blob WHERE id = $1', [id]))[0].n;

describe('a user CV', () => {
  it('is uploaded by a user admin, downloaded as stored, replaced (the old file goes) and removed', async () => {
    const id = await createUser(t, { name: { full: 'Cv Person' } });
    const first = await upload(id, pdf('first'), 'My CV.pdf');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'My CV.pdf', mime: 'application/pdf', user: { file: { cv: first.body.data._id } } });
    const downloaded = await binary(t.http.get(url(id)).set(bearer(await t.token('user'))));
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-disposition']).toContain('filename="My CV.pdf"');
    expect((downloaded.body as Buffer).equals(pdf('first'))).toBe(true);

    const second = await upload(id, pdf('second'), 'cv.pdf');
    expect((await readUser(t, id)).file.cv).toBe(second.body.data._id);
    expect(await blobCount(first.body.data._id)).toBe(0);

    const removed = await t.http.delete(url(id)).set(bearer(await t.token('user')));
    expect(removed.status).toBe(200);
    expect((await readUser(t, id)).file?.cv ?? null).toBeNull();
    expect(await blobCount(second.body.data._id)).toBe(0);
    expect((await t.http.get(url(id)).set(bearer(await t.token('user')))).status).toBe(404);
  });

  it('refuses files that are not what a CV may be, and no file at all (400)', async () => {
    const id = await createUser(t);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const [bytes, name] of [[png, 'cv.pdf'], [pdf('x'), 'cv.exe'], [pdf('x'), 'cv.docx'], [pdf('x'), 'pdf']] as const) {
      const response = await upload(id, bytes, name);
      expect(response.status, name).toBe(400);
      expect(response.body.message).toBe('A CV must be a PDF, DOCX, ODT, DOC file');
    }
    expect((await t.http.post(url(id)).set(bearer(await t.token('user')))).status).toBe(400);
    expect((await readUser(t, id)).file).toBeUndefined();
  });

  it('is written only through its endpoint: the generic patch refuses file.cv', async () => {
    const id = await createUser(t);
    const response = await t.http.patch(`/api/company/model/user/${id}`).set(bearer(await t.token('user'))).send({ file: { cv: 'aaaaaaaaaaaaaaaaaaaaaaaa' } });
    expect(response.status).toBe(400);
  });

  it('refuses finance and event admins, and companies whose setting userFileCv is off', async () => {
    const id = await createUser(t);
    for (const role of ['finance', 'event'] as const) {
      expect((await upload(id, pdf('no'), 'cv.pdf', role)).status).toBe(403);
      expect((await t.http.get(url(id)).set(bearer(await t.token(role)))).status).toBe(403);
    }
    const [other] = await t.db.query<{ id: string }>(`SELECT id FROM "user" WHERE company_id = $1 LIMIT 1`, [t.companies.b]);
    const off = await upload(other.id, pdf('off'), 'cv.pdf', 'user', 'b');
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('CV uploads are off for this company (setting userFileCv)');
  });
});

describe('compress and download CVs', () => {
  const exportCvs = async (query: Record<string, string>, role: Role = 'super') => binary(t.http.post('/api/company/user-cv/export').set(bearer(await t.token(role))).send({ query }));

  it("zips the CVs of the users the list query matches, each named after its user, in a file named the date plus ' Export.zip'", async () => {
    const anna = await createUser(t, { name: { full: 'Anna Zip' } });
    const bram = await createUser(t, { name: { full: 'Bram Zip' } });
    const twin = await createUser(t, { name: { full: 'Anna Zip' } });
    const without = await createUser(t, { name: { full: 'No Cv Zip' } });
    const outside = await createUser(t, { name: { full: 'Outside Zip' } });
    await upload(anna, pdf('anna'), 'anna.pdf');
    await upload(bram, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.from('word')]), 'Bram.DOC');
    await upload(twin, pdf('twin'), 'cv.pdf');
    await upload(outside, pdf('outside'), 'cv.pdf');
    const response = await exportCvs({ _id_in: [anna, bram, twin, without].join(','), _sort: 'name.full', _order: 'asc' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="\d{4}-\d{2}-\d{2} Export\.zip"$/);
    const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(response.body as Buffer))).map(([name, bytes]) => [name, strFromU8(bytes)]));
    expect(Object.keys(files).sort()).toEqual(['Anna Zip.pdf', `Anna Zip (${[anna, twin].sort()[1]}).pdf`, 'Bram Zip.doc'].sort());
    expect(Object.values(files).filter((text) => text.includes('outside'))).toEqual([]);
  });

  it('answers 404 when none of the users has a CV, and refuses company and user admins', async () => {
    const without = await createUser(t);
    expect((await exportCvs({ _id_in: without })).status).toBe(404);
    for (const role of ['company', 'user'] as const) expect((await exportCvs({ _id_in: without }, role)).status).toBe(403);
  });
});
