import { access, defineResource, f, metaFields, refField, refList, stateFields } from '../define';

/**
 * A guest of an event. Attendance states are shown as a history but not named by the spec: the app's codes, kept as
 * text and filtered by the whole code.
 * module.sorting.groupRef holds the id of the guest's group (groups are not a model of the spec).
 * card.* is the visitor card printed for the guest (/company/device/{eventId}).
 */
export const eventGuest = defineResource({
  name: 'eventGuest',
  label: 'Event guest',
  labelPlural: 'Event guests',
  scope: 'company',
  titlePath: 'userRef.userId',
  fields: [
    refField('eventRef.eventId', 'event', { label: 'Event', required: true, indexed: true, filterable: true }),
    refField('userRef.userId', 'user', { label: 'User', required: true, indexed: true, filterable: true }),
    f.list('module.interview.answer', [f.text('questionId', { required: true }), f.text('value')], { label: 'Interview answers' }),
    f.text('module.sorting.groupRef', { label: 'Group', pattern: '[0-9a-f]{24}', patternMessage: 'must be a 24-character id' }),
    ...stateFields(null, { indexed: true, prefix: 'module.attendance.' }),
    refList('transactionRef', 'transaction', { label: 'Transactions' }),
    // visitor card state, shared by everyone printing for the event; a card without isApproved counts as approved
    f.boolean('card.isApproved', { label: 'Card approved' }),
    f.boolean('card.isPrinted', { label: 'Card printed' }),
    f.text('card.line1', { label: 'Card line 1', max: 100 }),
    f.text('card.line2', { label: 'Card line 2', max: 100 }),
    ...metaFields(),
  ],
  list: {
    columns: ['userRef.userId', 'eventRef.eventId', 'module.attendance.state.id'],
    defaultSort: [{ field: 'module.attendance.state.put.at.unix', order: 'desc' }],
    searchable: [],
    filters: ['eventRef.eventId', 'userRef.userId', 'module.attendance.state.id'],
    maxPageSize: 99999,
  },
  access: access({ read: ['event'], write: ['event'], patch: [] }),
  archivable: true,
});
