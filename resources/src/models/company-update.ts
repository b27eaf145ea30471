import { access, ANY_ADMIN, defineResource, f, metaFields } from '../define';

/** A "What's new" item on the company profile; its date comes from its id. Written by super admins. */
export const companyUpdate = defineResource({
  name: 'companyUpdate',
  label: "What's new",
  labelPlural: "What's new",
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Title', required: true, searchable: true, sortable: true, indexed: true }),
    f.text('name.tag', { label: 'Tag', filterable: true }),
    f.localizedText('content', { label: 'Content', format: 'html' }),
    ...metaFields({ createdIndexed: true }),
  ],
  list: {
    columns: ['name.full', 'name.tag', 'meta.createdAt'],
    defaultSort: [{ field: 'meta.createdAt', order: 'desc' }],
    searchable: ['name.full'],
    filters: ['name.tag'],
  },
  access: access({ read: ANY_ADMIN, write: [], patch: [] }),
  archivable: true,
});
