import { jsonSchema as s, readerViewSchema } from '@backoffice/resources';
import { type DomainOperation, ok } from '../openapi/domain/operations';

/** The contract of a list's saved views (SavedViewsController); views are written through the savedView model. */
export const SAVED_VIEW_OPERATIONS: DomainOperation[] = [
  {
    method: 'get',
    path: '/api/company/saved-views/{model}',
    operationId: 'savedViewsOfList',
    callers: 'signed-in',
    pathParameters: { model: s.string() },
    answers: { 200: ok("The user's own views of the list and those shared with the company, by name, each without the fields the user may not read", s.array(readerViewSchema)) },
  },
];
