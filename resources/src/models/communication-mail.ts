import { access, COMMUNICATION_LOG_READERS, defineResource, f, metaFields, refField, stateFields } from '../define';
import { recipientsText } from '../derive';

/** Mail delivery states (part 1 section 4) with the tab each falls under. */
export const MAIL_STATE_LABELS = {
  created: 'Create',
  'mg-accepted': 'Sent',
  'mg-delivered': 'Delivered',
  'mg-opened': 'Opened',
  'mg-clicked': 'Opened',
  'mg-rejected': 'Rejected',
  'mg-failed': 'Failed',
  'mg-complained': 'Failed',
  'mg-unsubscribed': 'Failed',
} as const;

/** A sent mail and its delivery history; written by the mail sender and its webhooks. */
export const communicationMail = defineResource({
  name: 'communicationMail',
  label: 'Mail',
  labelPlural: 'Mails',
  scope: 'company',
  titlePath: 'subject',
  fields: [
    f.text('subject', { label: 'Subject', searchable: true, sortable: true }),
    f.list('to', [
      f.text('name'),
      f.text('email', { format: 'email', required: true }),
      refField('userRef.userId', 'user'),
    ], { label: 'To', min: 1 }),
    f.text('recipients', { label: 'Recipients', searchable: true, readOnly: true, import: false, derive: recipientsText('email') }),
    refField('templateRef.templateId', 'template', { label: 'Template', indexed: true }),
    f.text('publicId', { label: 'Provider message id', indexed: true }),
    // where Mailgun stores the sent message (about 3 days); super admins view the mail source through it
    f.text('source.url', { label: 'Mail source', readRights: [], writeRights: [], import: false }),
    ...stateFields(Object.keys(MAIL_STATE_LABELS), { indexed: true, labels: MAIL_STATE_LABELS }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['subject', 'to.email', 'state.id'],
    defaultSort: [{ field: 'state.put.at.unix', order: 'desc' }],
    searchable: ['subject', 'recipients'],
    filters: ['state.id', 'to.userRef.userId', 'templateRef.templateId'],
  },
  accessNote: 'The log holds recipients\' names, email addresses and phone numbers, so only company admins, user admins and super admins read it.',
  access: access({ read: COMMUNICATION_LOG_READERS, write: [], archive: false, patch: [] }),
  archivable: false,
  // a copy would be a record of something that never happened
  duplicate: false,
  screens: { route: '/company/communication/mail', menuGroup: 'Communication', generated: false },
});
