import { AUDIT_DOORS, activityEntrySchema, jsonSchema as s } from '@backoffice/resources';
import { type DomainOperation, ok, refusal } from '../openapi/domain/operations';

/**
 * The contract of the company's activity (HistoryController.companyActivity). A record's history and its restore
 * are routes of every model (`/api/company/model/{model}/{id}/history`, `.../history/{entryId}/restore`), documented
 * with the model's own operations.
 */
export const ACTIVITY_OPERATIONS: DomainOperation[] = [
  {
    method: 'get',
    path: '/api/company/activity',
    operationId: 'companyActivity',
    callers: ['company'],
    query: {
      actor: { schema: s.objectId(), description: 'only the writes of this user' },
      model: { schema: s.string(), description: 'only the writes to records of this model' },
      door: { schema: s.enum(AUDIT_DOORS), description: 'only the writes that came in this way' },
      _start: { schema: s.integer({ minimum: 0 }) },
      _end: { schema: s.integer({ minimum: 0 }), description: '20 entries after _start when left out, 100 at most' },
    },
    answers: {
      200: {
        ...ok('The newest writes first, of the models the reader may read, changes as the reader may read them', s.array(activityEntrySchema)),
        headers: {
          'X-Total-Count': { description: 'entries up to this page, one more when more follow', schema: s.integer() },
          'X-Total-Count-Lower-Bound': { description: 'true when more entries follow', schema: s.string() },
        },
      },
      400: refusal('An unknown model or door, or an actor that is no user id'),
    },
  },
];
