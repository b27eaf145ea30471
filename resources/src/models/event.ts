import { access, activeFlags, defineResource, f, metaFields, nameFields, timeFields } from '../define';

export const EVENT_MODULES = ['communication', 'swipe', 'sorting', 'ticket', 'interview', 'timeslot', 'goal', 'localization'] as const;

/**
 * Who may see or check in attendance. The spec only says check-in excludes 'everybody';
 * the other values are ours: guests of the event, or admins only.
 */
const ATTENDANCE_WHO = ['everybody', 'guests', 'admins'] as const;

/** An event with its time windows (show, duration, register) and module switches, as the quick-create wizard drafts it. */
export const event = defineResource({
  name: 'event',
  label: 'Event',
  labelPlural: 'Events',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    ...nameFields(),
    ...timeFields('show.start', { label: 'Shown from', indexed: true, sortable: true }),
    ...timeFields('show.end', { label: 'Shown until' }),
    ...timeFields('duration.start', { label: 'Starts', indexed: true, sortable: true, filterable: true }),
    ...timeFields('duration.end', { label: 'Ends' }),
    ...timeFields('register.start', { label: 'Registration opens' }),
    ...timeFields('register.end', { label: 'Registration closes' }),
    f.enum('module.attendance.whoCanView', ATTENDANCE_WHO, { label: 'Who can view attendance' }),
    f.boolean('module.attendance.showInOverview', { label: 'Show attendance in overview' }),
    f.enum('module.attendance.whoCanCheckIn', ATTENDANCE_WHO.filter((who) => who !== 'everybody'), { label: 'Who can check in' }),
    ...activeFlags('module', EVENT_MODULES),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'duration.start.unix', 'duration.end.unix', 'meta.archived'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.description'],
    filters: ['duration.start.unix', 'meta.archived'],
    maxPageSize: 9999,
  },
  access: access({ read: ['event'], write: ['event'], patch: [] }),
  thirdPartyModel: 'event',
  archivable: true,
  screens: { route: '/company/event', menuGroup: 'Events', generated: false },
});
