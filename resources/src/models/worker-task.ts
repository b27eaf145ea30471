import { access, ANY_ADMIN, defineResource, f, metaFields } from '../define';

export const PLANNED_COMMUNICATION_TYPES = { 'scheduled-sms': 'SMS', 'scheduled-mail': 'Mail', 'scheduled-notification': 'Notification' } as const;

/**
 * A planned communication: run at `next` (unix seconds), actionMethod names what to run.
 * args are positional: first the recipients, second the messages with their subjects. Cancelling archives it.
 */
export const workerTask = defineResource({
  name: 'workerTask',
  label: 'Planned communication',
  labelPlural: 'Planned communications',
  scope: 'company',
  titlePath: 'actionMethod.nameUnique',
  fields: [
    f.unixTime('next', { label: 'Date', required: true, indexed: true, sortable: true, filterable: true }),
    f.boolean('routine.active', { label: 'Active', indexed: true, filterable: true }),
    f.enum('actionMethod.nameCommon', Object.keys(PLANNED_COMMUNICATION_TYPES), { label: 'Type', required: true, indexed: true, filterable: true, choiceLabels: PLANNED_COMMUNICATION_TYPES }),
    f.text('actionMethod.nameUnique', { label: 'Name', searchable: true }),
    f.openList('actionMethod.args', { label: 'Arguments' }),
    ...metaFields(),
  ],
  list: {
    columns: ['actionMethod.nameUnique', 'next', 'actionMethod.nameCommon'],
    defaultSort: [{ field: 'next', order: 'asc' }],
    searchable: ['actionMethod.nameUnique'],
    filters: ['actionMethod.nameCommon', 'next', 'meta.archived'],
    // planned communications: the tasks still ahead of the moment the screen opens
    opening: false,
  },
  access: access({ read: ANY_ADMIN, write: ANY_ADMIN, import: [], patch: [] }),
  archivable: true,
  screens: { route: '/company/communication/planned', menuGroup: 'Communication', generated: false },
});
