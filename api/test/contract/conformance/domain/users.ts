import { findResource } from '@backoffice/resources';
import { DEMO_PASSWORD } from '../../../../src/demo/sign-ins';
import { newId } from '../../../../src/common/object-id';
import { insertUsers, person } from '../../../batch/batch-fixtures';
import { bearer } from '../../../support/test-app';
import type { Call } from '../calls';
import { type DomainCalls, setCompanySetting } from './world';

const PDF = Buffer.from('%PDF-1.4\n% a CV\n');

export const userCalls: DomainCalls = async ({ t, records }) => {
  await setCompanySetting(t, ['settings', 'userFileCv'], true);
  const imageId = await records.imageId();
  const [third, blocked, reviewed, rejected, skipped, withCv, tagged, signedOut] = await insertUsers(t, [
    ...['Third Party', 'Blocked One', 'Reviewed One', 'Rejected One', 'Skipped One', 'Cv Holder', 'Tag Holder', 'Signed Out'].map((name) => person(name, { image: { identity: imageId } })),
  ]);
  const matrix = await t.http.get('/api/company/admin/rights').set(bearer(await t.token('company')));
  const users = (matrix.body.data as { userId: string; rights: string[] }[]).map(({ userId, rights }) => ({ userId, rights }));
  const eventId = await records.id(findResource('event')!);
  const user = (operationId: string, path: string, expect: number, extra: Partial<Call> = {}): Call => ({ operationId, path: `/api/company/user/${path}`, role: 'super', expect, ...extra });
  const admin = (operationId: string, path: string, expect: number, extra: Partial<Call> = {}): Call => ({ operationId, path: `/api/company/admin/${path}`, role: 'company', expect, ...extra });
  const cv = { field: 'file', content: PDF, name: 'cv.pdf' };
  const cvSetting = (on: boolean) => () => setCompanySetting(t, ['settings', 'userFileCv'], on);
  return [
    admin('adminRights', 'rights', 200),
    admin('saveAdminRights', 'rights', 200, { body: { users } }),
    admin('thirdParties', 'third-party', 200),
    admin('addThirdParty', 'third-party', 201, { body: { userId: third } }),
    admin('removeThirdParty', `third-party/${third}`, 200),
    admin('blockedUsers', 'blocked', 200),
    admin('blockUser', 'blocked', 201, { body: { userId: blocked } }),
    admin('unblockUser', `blocked/${blocked}`, 200),
    { operationId: 'ageVerificationQueue', path: '/api/company/user-age-verification', role: 'user', expect: 200 },
    { operationId: 'acceptBirthday', path: `/api/company/user-age-verification/${reviewed}/accept`, role: 'user', expect: 200 },
    { operationId: 'rejectBirthday', path: `/api/company/user-age-verification/${rejected}/reject`, role: 'user', expect: 200 },
    { operationId: 'skipBirthday', path: `/api/company/user-age-verification/${skipped}/skip`, role: 'user', expect: 200 },
    user('uploadCv', `${withCv}/cv`, 200, { role: 'user', file: cv }),
    user('uploadCv', `${withCv}/cv`, 409, { role: 'user', file: cv, before: cvSetting(false), after: cvSetting(true) }),
    user('downloadCv', `${withCv}/cv`, 200, { role: 'user' }),
    { operationId: 'exportCvs', path: '/api/company/user-cv/export', body: { query: { _id: withCv } }, expect: 200 },
    { operationId: 'exportCvs', path: '/api/company/user-cv/export', body: { query: { _id: newId() } }, expect: 404 },
    user('removeCv', `${withCv}/cv`, 200, { role: 'user' }),
    user('linkBracelet', `${tagged}/bracelet/link`, 200, { body: { tag: 'TAG-0001' } }),
    user('linkBracelet', `${tagged}/bracelet/link`, 409, { body: { tag: 'TAG-0002' } }),
    user('unlinkBracelet', `${tagged}/bracelet/unlink`, 200),
    user('unlinkBracelet', `${tagged}/bracelet/unlink`, 409),
    user('changeOwnPassword', `${t.userIds.a.super}/password`, 200, { body: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD } }),
    user('endUserSessions', `${signedOut}/sessions/end`, 200),
    user('addAccessRights', `${third}/access/batch`, 200, { body: { accessModel: 'event', accessScope: 'view', ids: eventId } }),
  ];
};
