import { access, ANY_ADMIN, defineResource, f, metaFields, refField, refList, timeFields } from '../define';

/**
 * A timeslot of an event with its guests and capacity. Part 2 section 6 lets every admin manage timeslots;
 * patching them is super only. Deleting needs an empty timeslot and is refused for kind 'mux' (checked by the API).
 */
export const timeslot = defineResource({
  name: 'timeslot',
  label: 'Timeslot',
  labelPlural: 'Timeslots',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Name', required: true, searchable: true, sortable: true, indexed: true, import: { description: 'Name', required: true } }),
    ...timeFields('start', { label: 'Start', required: true, indexed: true, sortable: true, filterable: true, import: { description: 'Start', formatHint: 'unix seconds', required: true } }),
    ...timeFields('end', { label: 'End', required: true, indexed: true, sortable: true, import: { description: 'End', formatHint: 'unix seconds', required: true } }),
    refField('eventRef.eventId', 'event', { label: 'Event', required: true, indexed: true, filterable: true, import: { description: 'Event id', requiredButInBase: true } }),
    refList('eventGuestRef', 'eventGuest', { label: 'Guests', import: false }),
    f.integer('count.number', { label: 'Capacity', min: 0, import: { description: 'Capacity', formatHint: 'whole number' } }),
    f.text('kind', { label: 'Kind', indexed: true, filterable: true, import: { description: 'Kind' } }),
    ...metaFields(),
  ],
  list: {
    columns: ['eventRef.eventId', 'name.full', 'start.unix', 'end.unix', 'count.number'],
    defaultSort: [{ field: 'start.unix', order: 'asc' }],
    searchable: ['name.full'],
    filters: ['eventRef.eventId', 'start.unix', 'kind', 'meta.archived'],
    maxPageSize: 99999,
  },
  access: access({ read: ANY_ADMIN, write: ANY_ADMIN, patch: [] }),
  archivable: true,
  screens: {
    route: '/company/timeslot',
    menuGroup: 'Events',
    generated: false,
    deleteConfirm: 'Are you sure you want to delete this timeslot, deleting is only possible if the timeslot is empty.',
  },
});
