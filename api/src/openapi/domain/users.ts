import { adminRightsBodySchema, adminRightsRowSchema, ageVerificationAnswerSchema, blockedUserSchema, jsonSchema as s } from '@backoffice/resources';
import { type DomainOperation, errorWith, file, ok, record, refusal } from './operations';

const COMPANY = ['company'] as const;
const CV_TYPES = ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.oasis.opendocument.text', 'application/msword'];
const SUPER = ['super'] as const;
const noUser = refusal('No such user in your company');
const userId = s.object({ userId: s.objectId() });
const users = s.object({ data: s.array(record('user')) });
const blocked = s.object({ data: s.array(blockedUserSchema), message: s.string() });
const decision = (operationId: string, path: string): DomainOperation => ({
  method: 'post',
  path: `/api/company/user-age-verification/{userId}/${path}`,
  operationId,
  callers: ['user'],
  answers: { 200: ok('The user as it is now, the toast and the template of the message the user is sent', s.object({ data: ageVerificationAnswerSchema })), 404: noUser },
});

export const USER_OPERATIONS: DomainOperation[] = [
  { method: 'get', path: '/api/company/admin/rights', operationId: 'adminRights', callers: COMPANY, answers: { 200: ok('The matrix', s.object({ data: s.array(adminRightsRowSchema) })) } },
  {
    method: 'put',
    path: '/api/company/admin/rights',
    operationId: 'saveAdminRights',
    callers: COMPANY,
    body: { schema: adminRightsBodySchema },
    answers: { 200: ok('The matrix as saved', s.object({ data: s.array(adminRightsRowSchema) })), 400: refusal('A row of the wrong form, a user listed twice or an unknown right') },
  },
  { method: 'get', path: '/api/company/admin/third-party', operationId: 'thirdParties', callers: COMPANY, answers: { 200: ok('Their _id, name.full, email.value and accessRef', users) } },
  {
    method: 'post',
    path: '/api/company/admin/third-party',
    operationId: 'addThirdParty',
    callers: COMPANY,
    body: { schema: userId },
    answers: { 201: ok('The user', s.object({ data: record('user') })), 400: refusal('No user id, or an anonymous user'), 404: noUser },
  },
  { method: 'delete', path: '/api/company/admin/third-party/{userId}', operationId: 'removeThirdParty', callers: COMPANY, answers: { 200: ok('The user', s.object({ data: record('user') })), 404: noUser } },
  { method: 'get', path: '/api/company/admin/blocked', operationId: 'blockedUsers', callers: COMPANY, answers: { 200: ok('The blocked users', s.object({ data: s.array(blockedUserSchema) })) } },
  { method: 'post', path: '/api/company/admin/blocked', operationId: 'blockUser', callers: COMPANY, body: { schema: userId }, answers: { 201: ok('The blocked users, and the toast', blocked), 400: refusal('No user id'), 404: noUser } },
  { method: 'delete', path: '/api/company/admin/blocked/{userId}', operationId: 'unblockUser', callers: COMPANY, answers: { 200: ok('The blocked users, and the toast', blocked), 404: noUser } },
  {
    method: 'get',
    path: '/api/company/user-age-verification',
    operationId: 'ageVerificationQueue',
    callers: ['user'],
    answers: { 200: ok('At most 100 users (their name, email, birthday and identity picture) and how many wait', s.object({ data: s.array(record('user')), total: s.integer() })) },
  },
  decision('acceptBirthday', 'accept'),
  decision('rejectBirthday', 'reject'),
  decision('skipBirthday', 'skip'),
  {
    method: 'post',
    path: '/api/company/user/{userId}/cv',
    operationId: 'uploadCv',
    callers: ['user'],
    body: { mediaType: 'multipart/form-data', schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] } },
    answers: {
      200: ok('The stored CV', s.object({ data: s.object({ _id: s.objectId(), name: s.string(), mime: s.string(), size: s.integer(), user: record('user') }) })),
      400: refusal('No file, or not a CV of the kinds taken (by its content)'),
      404: noUser,
      409: errorWith('CV uploads are off for the company (setting userFileCv)'),
      413: refusal('The file is larger than 10 MB'),
    },
  },
  {
    method: 'get',
    path: '/api/company/user/{userId}/cv',
    operationId: 'downloadCv',
    callers: ['user'],
    answers: {
      200: {
        ...file('The CV in its own media type: PDF, Word (docx, doc) or OpenDocument', 'application/pdf'),
        also: Object.fromEntries(CV_TYPES.map((type) => [type, { type: 'string', contentMediaType: type }])),
        headers: { 'Content-Disposition': { description: 'attachment with its file name', schema: { type: 'string' } } },
      },
      404: refusal('No such user, or it has no CV'),
    },
  },
  { method: 'delete', path: '/api/company/user/{userId}/cv', operationId: 'removeCv', callers: ['user'], answers: { 200: ok('The user without the CV', s.object({ data: record('user') })), 404: refusal('No such user, or it has no CV') } },
  {
    method: 'post',
    path: '/api/company/user-cv/export',
    operationId: 'exportCvs',
    callers: SUPER,
    body: { schema: s.object({ query: s.record(s.any(), { description: "the user list's filters, sort and search in their query-string form" }) }) },
    answers: { 200: file('A zip of the CVs of every matching user', 'application/zip'), 404: refusal('None of the matching users has a CV') },
  },
  {
    method: 'post',
    path: '/api/company/user/{userId}/bracelet/link',
    operationId: 'linkBracelet',
    callers: SUPER,
    body: { schema: s.object({ tag: s.string({ minLength: 1 }) }) },
    answers: { 200: ok('The bracelet', s.object({ data: s.object({ bracelet: s.record(s.any()) }) })), 400: refusal('No tag'), 404: noUser, 409: errorWith('The user has a linked tag already') },
  },
  {
    method: 'post',
    path: '/api/company/user/{userId}/bracelet/unlink',
    operationId: 'unlinkBracelet',
    callers: SUPER,
    answers: { 200: ok('The bracelet', s.object({ data: s.object({ bracelet: s.record(s.any()) }) })), 404: noUser, 409: errorWith('The user has no linked tag') },
  },
  {
    method: 'post',
    path: '/api/company/user/{userId}/password',
    operationId: 'changeOwnPassword',
    callers: SUPER,
    body: { schema: s.object({ currentPassword: s.string(), newPassword: s.string() }) },
    answers: { 200: ok('Changed; the other sessions ended', s.object({ data: s.object({ changed: s.literal(true) }) })), 400: refusal('The current password is not right, or the new one breaks the rule'), 404: noUser },
  },
  {
    method: 'post',
    path: '/api/company/user/{userId}/sessions/end',
    operationId: 'endUserSessions',
    callers: SUPER,
    answers: { 200: ok('How many sessions ended', s.object({ data: s.object({ ended: s.integer({ minimum: 0 }) }) })), 404: noUser },
  },
  {
    method: 'post',
    path: '/api/company/user/{userId}/access/batch',
    operationId: 'addAccessRights',
    callers: SUPER,
    body: { schema: s.object({ accessModel: s.string(), accessScope: s.enum(['view', 'edit']), ids: s.string({ description: 'ids separated by commas or whitespace' }) }) },
    answers: {
      200: ok('The user and how many rights it got', s.object({ data: record('user'), added: s.integer({ minimum: 0 }), message: s.string() }, { optional: ['message'] })),
      400: refusal('An unknown model, or a scope not given per item'),
      404: noUser,
    },
  },
];
