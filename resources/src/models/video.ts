import { access, defineResource, f, metaFields, nameFields } from '../define';

/** A video; its kind is chosen in a dialog before creating (the kinds are not named by the spec). Lives under /application. */
export const video = defineResource({
  name: 'video',
  label: 'Video',
  labelPlural: 'Videos',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('kind', { label: 'Kind', required: true, filterable: true }),
    ...nameFields(),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'kind'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.description'],
    filters: ['meta.archived'],
    maxPageSize: 5000,
  },
  access: access({ read: ['application'], write: ['application'], patch: [] }),
  thirdPartyModel: 'video',
  archivable: true,
  screens: { route: '/application/video', menuGroup: 'Application', generated: true },
});
