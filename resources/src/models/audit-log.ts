import { access, defineResource, f, refField, timeFields } from '../define';

export const AUDIT_ACTIONS = ['create', 'update', 'archive', 'unarchive', 'delete'] as const;

/**
 * The way a write came in: the generic create, patch, duplicate, archive (and unarchive) and delete, the import and
 * patch wizards, a bulk run, a restore from the history, or a domain endpoint of its own ('domain').
 */
export const AUDIT_DOORS = ['create', 'patch', 'import', 'import/patch', 'duplicate', 'archive', 'delete', 'bulk', 'restore', 'domain'] as const;
export type AuditDoor = (typeof AUDIT_DOORS)[number];

export const AUDIT_DOOR_LABELS: Readonly<Record<AuditDoor, string>> = {
  create: 'Create',
  patch: 'Edit',
  import: 'Import',
  'import/patch': 'Import (patch)',
  duplicate: 'Duplicate',
  archive: 'Archive',
  delete: 'Delete',
  bulk: 'Bulk run',
  restore: 'Restore',
  domain: 'Action',
};

/**
 * One write to a record: who, when, which record, what changed. Written by the API only; old and new
 * are the values as they were (secrets such as password hashes are stored redacted). Every write adds a row,
 * so model and action (a few values each) are columns without an index of their own.
 */
export const auditLog = defineResource({
  name: 'auditLog',
  label: 'Audit entry',
  labelPlural: 'Audit log',
  scope: 'company',
  titlePath: 'recordId',
  fields: [
    refField('actorRef.userId', 'user', { label: 'Actor', indexed: true, filterable: true }),
    ...timeFields('at', { label: 'At', required: true, indexed: true, sortable: true, filterable: true }),
    f.text('model', { label: 'Model', required: true, indexed: 'column', filterable: true }),
    f.text('recordId', { label: 'Record', required: true, indexed: true, filterable: true }),
    f.enum('action', AUDIT_ACTIONS, { label: 'Action', required: true, indexed: 'column', filterable: true }),
    // no column: the activity view tests it while it walks the newest entries; entries from before it have none
    f.enum('door', AUDIT_DOORS, { label: 'Via', choiceLabels: AUDIT_DOOR_LABELS }),
    f.list('changes', [f.text('path', { required: true }), f.json('old'), f.json('new')], { label: 'Changes' }),
  ],
  list: {
    columns: ['at.unix', 'actorRef.userId', 'model', 'recordId', 'action'],
    defaultSort: [{ field: 'at.unix', order: 'desc' }],
    // recordId is found by equality (its own index); a trigram index would be written for every audit entry
    searchable: [],
    filters: ['actorRef.userId', 'at.unix'],
  },
  access: access({ read: ['company'], write: false, archive: false, import: false, patch: false }),
  archivable: false,
});
