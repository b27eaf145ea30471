import { access, ANY_ADMIN, defineResource, f, metaFields } from '../define';

/** A manual page. name.tag holds first the topic, then a sort key within the topic. Written by super admins. */
export const tutorial = defineResource({
  name: 'tutorial',
  label: 'Tutorial',
  labelPlural: 'Tutorials',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Title', required: true, searchable: true, sortable: true, indexed: true }),
    f.text('name.description', { label: 'Description', format: 'textarea', searchable: true }),
    f.listOf('name.tag', 'text', { label: 'Topic and sort key', max: 2 }),
    f.localizedText('content', { label: 'Content', format: 'html' }),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'name.tag', 'name.description'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.description', 'content.en'],
    filters: ['name.tag', 'meta.archived'],
    // its route is the manuals' browser
    opening: false,
  },
  access: access({ read: ANY_ADMIN, write: [], patch: [] }),
  archivable: true,
  screens: { route: '/company/tutorial', generated: false },
});
