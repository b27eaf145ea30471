import { jsonSchema as s, searchAnswerSchema } from '@backoffice/resources';
import { type DomainOperation, ok, refusal } from '../openapi/domain/operations';

/** The contract of the search across everything (SearchController). */
export const SEARCH_OPERATIONS: DomainOperation[] = [
  {
    method: 'get',
    path: '/api/company/search',
    operationId: 'searchEverything',
    callers: 'signed-in',
    query: { q: { schema: s.string({ maxLength: 200 }), required: true, description: 'at least 3 letters or digits in a row' } },
    answers: {
      200: ok('A few matches of each model the user may read, by title, grouped by model; models without a match left out', searchAnswerSchema),
      400: refusal('q has no 3 letters or digits in a row'),
    },
  },
];
