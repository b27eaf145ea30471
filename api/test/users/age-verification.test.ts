import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { drainedTriggerChecks } from '../support/trigger-checks';
import { uploadedImage } from '../support/uploaded-image';
import { ANONYMOUS_ACCOUNT_DOMAIN } from '@backoffice/resources';
import { type Doc, createUser, freshEmail, readUser } from './users-fixtures';

let t: TestApp;
// an identity picture stored for the company (the API refuses ids of no image of the company)
let IDENTITY: string;
beforeAll(async () => {
  t = await startTestApp();
  IDENTITY = await uploadedImage(t, await t.token('company'));
});
afterAll(() => t.close());

const url = (path = '') => `/api/company/user-age-verification${path}`;
const mailsTo = async (email: string): Promise<Doc[]> => ((await (await fetch(`${process.env.MAILGUN_URL}/_fake/mails`)).json()) as Doc[]).filter((mail) => mail.to === email);
const toReview = () => createUser(t, { name: { full: 'To Review' }, birthday: { date: '2000-01-02' }, image: { identity: IDENTITY } });

describe('age verification', () => {
  it('lists users with an identity picture whose birthday is not verified, and not the others', async () => {
    const pending = await toReview();
    const verified = await createUser(t, { image: { identity: IDENTITY }, birthdayVerified: true });
    const noPicture = await createUser(t);
    const response = await t.http.get(url()).set(bearer(await t.token('user')));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const ids = response.body.data.map((user: { _id: string }) => user._id);
    expect(ids).toContain(pending);
    expect(ids).not.toContain(verified);
    expect(ids).not.toContain(noPicture);
    expect(response.body.data.find((user: { _id: string }) => user._id === pending)).toMatchObject({ name: { full: 'To Review' }, birthday: { date: '2000-01-02' }, image: { identity: IDENTITY } });
  });

  it('accepts: birthdayVerified true and the toast text', async () => {
    const id = await toReview();
    const response = await t.http.post(url(`/${id}/accept`)).set(bearer(await t.token('user')));
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe('User birthday verified');
    expect((await readUser(t, id)).birthdayVerified).toBe(true);
  });

  it('rejects: birthdayVerified false and the identity picture cleared', async () => {
    const id = await toReview();
    const response = await t.http.post(url(`/${id}/reject`)).set(bearer(await t.token('company')));
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe('User birthday rejected');
    const user = await readUser(t, id);
    expect(user.birthdayVerified).toBe(false);
    expect(user.image?.identity ?? null).toBeNull();
  });

  it('skips: nothing changes', async () => {
    const id = await toReview();
    const response = await t.http.post(url(`/${id}/skip`)).set(bearer(await t.token('user')));
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe('User skipped');
    const user = await readUser(t, id);
    expect(user.birthdayVerified ?? null).toBeNull();
    expect(user.image.identity).toBe(IDENTITY);
  });

  it("sends the company's template of the decision's role to the user, and nothing to anonymous users", async () => {
    const token = await t.token('company');
    const template = (role: string, subject: string) => t.http.post('/api/company/model/template').set(bearer(token))
      .send({ name: { full: subject }, role, format: 'communication-mail-text-plain', subject: { en: subject }, content: { en: 'Dear {{ user.name.full }}' } });
    const accepted = await template('userBirthdayVerifyAccept', 'Your age is verified');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const email = freshEmail('verified');
    const id = await createUser(t, { email: { value: email }, name: { full: 'To Review' }, birthday: { date: '2000-01-02' }, image: { identity: IDENTITY } });
    const response = await t.http.post(url(`/${id}/accept`)).set(bearer(token));
    expect(response.body.data).toMatchObject({ templateId: accepted.body._id });
    await drainedTriggerChecks(t);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: 'Your age is verified' });
    expect(mail.text).toContain('Dear To Review');
    const [record] = await t.db.query<{ doc: Doc }>(`SELECT doc FROM communication_mail WHERE company_id = $1 AND doc @> $2::jsonb`, [t.companies.a, JSON.stringify({ to: [{ email }] })]);
    expect(record.doc).toMatchObject({ subject: 'Your age is verified', templateRef: { templateId: accepted.body._id }, to: [{ userRef: { userId: id } }] });

    // no template of the reject role: the decision is saved and nothing is sent
    const rejected = await t.http.post(url(`/${await toReview()}/reject`)).set(bearer(token));
    expect(rejected.body.data).toMatchObject({ templateId: null });

    const anonymousEmail = `anon-${Date.now()}@${ANONYMOUS_ACCOUNT_DOMAIN}`;
    const anonymous = await createUser(t, { email: { value: anonymousEmail, anonymous: true }, image: { identity: IDENTITY } });
    const answer = await t.http.post(url(`/${anonymous}/accept`)).set(bearer(token));
    expect(answer.body.data).toMatchObject({ message: 'User birthday verified' });
    await drainedTriggerChecks(t);
    expect(await mailsTo(anonymousEmail)).toEqual([]);
  });

  it('refuses finance, event and merchant admins, and another company answers 404', async () => {
    const id = await toReview();
    for (const role of ['finance', 'event', 'merchant'] as const) {
      expect((await t.http.get(url()).set(bearer(await t.token(role)))).status).toBe(403);
      expect((await t.http.post(url(`/${id}/accept`)).set(bearer(await t.token(role)))).status).toBe(403);
    }
    expect((await t.http.post(url(`/${id}/accept`)).set(bearer(await t.token('user', 'b')))).status).toBe(404);
    expect((await readUser(t, id)).birthdayVerified ?? null).toBeNull();
  });
});
