import { findResource } from '@backoffice/resources';
import { eventWithGuests, insertUsers, person } from '../../../batch/batch-fixtures';
import type { Call } from '../calls';
import type { DomainCalls } from './world';

export const companyScreenCalls: DomainCalls = async ({ t, records }) => {
  const [guest] = await insertUsers(t, [person('Card Holder', { name: { first: 'Card', last: 'Holder', full: 'Card Holder' } })]);
  const eventId = await eventWithGuests(t, [guest]);
  await t.db.query(`UPDATE event_guest SET doc = jsonb_set(doc, '{card}', '{"isApproved": true}') WHERE doc #>> '{eventRef,eventId}' = $1`, [eventId]);
  const savedView = findResource('savedView');
  if (savedView) await records.id(savedView);
  const calls: Call[] = [
    { operationId: 'dashboard', path: '/api/company/dashboard', role: 'company', expect: 200 },
    { operationId: 'blocksEditorToken', path: '/api/company/dashboard/editor-token', role: 'company', expect: 201 },
    { operationId: 'companyProfile', path: '/api/company/profile', role: 'company', expect: 200 },
    { operationId: 'saveCompanyProfileSection', path: '/api/company/profile/general', role: 'company', body: { name: { abbr: 'CA' } }, expect: 200 },
    { operationId: 'visitorCards', path: `/api/company/device/${eventId}/cards`, role: 'event', expect: 200 },
    { operationId: 'printAllVisitorCards', path: `/api/company/device/${eventId}/print-all`, role: 'event', expect: 200 },
    { operationId: 'companyActivity', path: '/api/company/activity', role: 'company', query: { _start: '0', _end: '5' }, expect: 200 },
    { operationId: 'searchEverything', path: '/api/company/search', role: 'company', query: { q: 'Sample' }, expect: 200 },
    { operationId: 'savedViewsOfList', path: '/api/company/saved-views/user', role: 'super', expect: 200 },
  ];
  return calls;
};
