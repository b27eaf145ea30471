import { ANY_ADMIN, companyProfileSchema, dashboardAnswerSchema, jsonSchema as s, visitorCardSchema } from '@backoffice/resources';
import { type DomainOperation, ok, refusal } from './operations';

const noEvent = refusal('No such event in your company');

export const COMPANY_SCREEN_OPERATIONS: DomainOperation[] = [
  { method: 'get', path: '/api/company/dashboard', operationId: 'dashboard', callers: 'signed-in', answers: { 200: ok('The tabs', dashboardAnswerSchema) } },
  {
    method: 'post',
    path: '/api/company/dashboard/editor-token',
    operationId: 'blocksEditorToken',
    callers: 'signed-in',
    answers: { 201: ok('The token and when it expires (ISO 8601)', s.object({ token: s.string(), expires: s.string({ format: 'date-time' }) })) },
  },
  { method: 'get', path: '/api/company/profile', operationId: 'companyProfile', callers: ANY_ADMIN, answers: { 200: ok('The profile', companyProfileSchema) } },
  {
    method: 'patch',
    path: '/api/company/profile/{section}',
    operationId: 'saveCompanyProfileSection',
    callers: ['company'],
    pathParameters: { section: { type: 'string', enum: ['general', 'app', 'super'] } },
    body: { schema: s.record(s.any(), { description: "the tab's fields of the company record (objects merge)" }) },
    answers: {
      200: ok('The profile as it is now', companyProfileSchema),
      400: refusal('A field of another tab, or a value the company record refuses'),
      404: refusal('No such tab'),
    },
  },
  {
    method: 'get',
    path: '/api/company/device/{eventId}/cards',
    operationId: 'visitorCards',
    callers: ['event'],
    answers: { 200: ok('The cards, by their first line', s.array(visitorCardSchema)), 404: noEvent },
  },
  {
    method: 'post',
    path: '/api/company/device/{eventId}/print-all',
    operationId: 'printAllVisitorCards',
    callers: ['event'],
    answers: { 200: ok('The guests whose cards it marked printed', s.object({ printed: s.array(s.objectId()) })), 404: noEvent },
  },
];
