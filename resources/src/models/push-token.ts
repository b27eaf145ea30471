import { access, defineResource, f, metaFields, refField } from '../define';

/** A device's push token, registered by the app; only super admins see them (user page, push tokens card). */
export const pushToken = defineResource({
  name: 'pushToken',
  label: 'Push token',
  labelPlural: 'Push tokens',
  scope: 'company',
  titlePath: 'token',
  fields: [
    f.text('token', { label: 'Token', required: true }),
    f.text('expoSlug', { label: 'App slug' }),
    refField('userRef.userId', 'user', { label: 'User', required: true, indexed: true, filterable: true }),
    ...metaFields({ archived: false, createdIndexed: true }),
  ],
  list: {
    columns: ['token', 'expoSlug', 'userRef.userId'],
    defaultSort: [{ field: 'meta.createdAt', order: 'desc' }],
    searchable: ['token'],
    filters: ['userRef.userId'],
  },
  access: access({ read: [], write: [], archive: false, patch: [] }),
  archivable: false,
  // a copy would be a record of something that never happened
  duplicate: false,
});
