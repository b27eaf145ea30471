import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import type { Actor } from '../src/auth/actor';
import { RecordRepository, type StoredRecord } from '../src/records/record-repository';
import { WritePipeline } from '../src/records/write-pipeline';
import { type TestApp, bearer, startTestApp } from './support/test-app';
import { uploadedImage } from './support/uploaded-image';

let t: TestApp;
let actor: Actor;
const merchant = findResource('merchant')!;

beforeAll(async () => {
  t = await startTestApp();
  actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
});
afterAll(() => t.close());

let banner: string;

async function merchants(count: number): Promise<StoredRecord[]> {
  const token = await t.token('company');
  banner ??= await uploadedImage(t, token);
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const response = await t.http.post('/api/company/model/merchant').set(bearer(token)).send({ name: { full: `Bulk bar ${n}` }, image: { banner } });
    ids.push(response.body._id);
  }
  return t.app.get(RecordRepository).findByIds(merchant, t.companies.a, ids);
}

/** Many updates in one statement per chunk (writeMany): the keys a write sets, and those a replacing write leaves out. */
describe('bulk updates', () => {
  it('set the changed keys of every record, and remove the top-level keys a replacing write leaves out only where it does', async () => {
    const pipeline = t.app.get(WritePipeline);
    const [kept, emptied] = await merchants(2);
    const withoutImage = Object.fromEntries(Object.entries(emptied.doc).filter(([key]) => key !== 'image'));
    await pipeline.writeMany(merchant, actor, [
      { before: kept, input: { ...kept.doc, name: { full: 'Bulk bar kept' } }, replaces: true },
      { before: emptied, input: { ...withoutImage, name: { full: 'Bulk bar emptied' } }, replaces: true },
    ], { domain: true });
    const after = new Map((await t.app.get(RecordRepository).findByIds(merchant, t.companies.a, [kept.id, emptied.id])).map((row) => [row.id, row.doc]));
    expect([after.get(kept.id)?.name, after.get(kept.id)?.image]).toEqual([{ full: 'Bulk bar kept' }, { banner }]);
    expect([after.get(emptied.id)?.name, after.get(emptied.id)?.image]).toEqual([{ full: 'Bulk bar emptied' }, undefined]);

    // a chunk where no write removes anything takes the shorter statement
    await pipeline.writeMany(merchant, actor, [{ before: { id: kept.id, doc: after.get(kept.id)! }, input: { ...after.get(kept.id)!, name: { full: 'Bulk bar again' } }, replaces: true }], { domain: true });
    const [again] = await t.app.get(RecordRepository).findByIds(merchant, t.companies.a, [kept.id]);
    expect([again.doc.name, again.doc.image]).toEqual([{ full: 'Bulk bar again' }, { banner }]);
  });
});
