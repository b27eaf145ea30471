import { access, COMMUNICATION_LOG_READERS, defineResource, f, metaFields, refField, stateFields } from '../define';
import { recipientsText } from '../derive';

/**
 * SMS delivery states. The spec names none: `created`, `sent` (the provider took it) and `failed` (the provider
 * refused it) are ours, the rest are the provider's delivery report statuses (MessageBird) under their own names.
 */
export const SMS_STATE_LABELS = {
  created: 'Created',
  scheduled: 'Scheduled',
  sent: 'Sent',
  failed: 'Failed',
  buffered: 'Buffered',
  delivered: 'Delivered',
  expired: 'Expired',
  delivery_failed: 'Delivery failed',
} as const;

export type SmsState = keyof typeof SMS_STATE_LABELS;

/** A sent text message and its delivery history; written by the SMS sender and its delivery reports. */
export const communicationSms = defineResource({
  name: 'communicationSms',
  label: 'SMS',
  labelPlural: 'SMS',
  scope: 'company',
  titlePath: 'body',
  fields: [
    f.list('to', [
      f.text('name'),
      f.text('phone', { format: 'phone', required: true }),
      refField('userRef.userId', 'user'),
    ], { label: 'To', min: 1 }),
    f.text('recipients', { label: 'Recipients', searchable: true, readOnly: true, import: false, derive: recipientsText('phone') }),
    refField('templateRef.templateId', 'template', { label: 'Template', indexed: true }),
    // the text that was sent (SMS bodies are at most 500 characters, part 2 section 5)
    f.text('body', { label: 'Text', max: 500, searchable: true }),
    ...stateFields(Object.keys(SMS_STATE_LABELS), { indexed: true, labels: SMS_STATE_LABELS }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['templateRef.templateId', 'to.phone', 'state.id'],
    defaultSort: [{ field: 'state.put.at.unix', order: 'desc' }],
    searchable: ['body', 'recipients'],
    filters: ['state.id', 'to.userRef.userId', 'templateRef.templateId'],
  },
  accessNote: 'The log holds recipients\' names, email addresses and phone numbers, so only company admins, user admins and super admins read it.',
  access: access({ read: COMMUNICATION_LOG_READERS, write: [], archive: false, patch: [] }),
  archivable: false,
  // a copy would be a record of something that never happened
  duplicate: false,
  screens: { route: '/company/communication/sms', menuGroup: 'Communication', generated: false },
});
