import { access, defineResource, f, metaFields, nameFields } from '../define';

/** An app page; its blocks are edited in an external content editor. Lives under /application. */
export const page = defineResource({
  name: 'page',
  label: 'Page',
  labelPlural: 'Pages',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    ...nameFields({ description: false }),
    f.text('subTitle', { label: 'Subtitle' }),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'subTitle'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'subTitle'],
    filters: ['meta.archived'],
    // the location form lists every page (page size 9999)
    maxPageSize: 9999,
  },
  access: access({ read: ['application'], write: ['application'], patch: [] }),
  thirdPartyModel: 'page',
  archivable: true,
  screens: { route: '/application/page', menuGroup: 'Application', generated: true },
});
