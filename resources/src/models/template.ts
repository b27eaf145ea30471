import { access, ANY_ADMIN, companyRefField, defineResource, f, metaFields } from '../define';
import { getPath } from '../paths';
import type { FieldError } from '../types';

/** The five formats with their labels (part 2 section 3) and the kind each belongs to. */
export const TEMPLATE_FORMAT_LABELS = {
  'communication-mail-html-modern-2021': 'Email - Modern',
  'communication-mail-html-responsive': 'Email - Responsive',
  'communication-mail-text-plain': 'Email - Plain-text',
  'communication-sms-text-plain': 'SMS - Text',
  'communication-notification-text-plain': 'Notification - Text',
} as const;
export type TemplateFormat = keyof typeof TEMPLATE_FORMAT_LABELS;
export const templateKind = (format: string): 'mail' | 'sms' | 'notification' | undefined =>
  (/^communication-(mail|sms|notification)-/.exec(format)?.[1] as 'mail' | 'sms' | 'notification' | undefined);

/**
 * Limits per kind (part 2 section 5). One set of fields serves every format, as the spec's template entity does:
 * a notification's title is its `subject` and its body its `content`, an SMS body is its `content`, and the
 * notification action label is `action` inside the `data` JSON. Unparsable data is tolerated (read as empty).
 */
const LIMITS = {
  mail: { subject: 90 },
  notification: { subject: 70, content: 250, action: 20 },
  sms: { content: 500 },
} as const;

const tooLong = (path: string, max: number, what: string): FieldError => ({ field: path, message: `${path} ${what} must be at most ${max} characters` });

/**
 * Automatic send triggers (a template's role): the event that sends the template to the user it concerns. The
 * spec names the company-level ones, 'Low balance' (below 15 euro) and the timeslot one; the others follow the
 * product's flows. Company-level triggers are for super admins only (part 2 section 6).
 */
export const TEMPLATE_TRIGGERS = {
  'user-registered': 'User is registered',
  'event-guest-registered': 'Event registration',
  'event-reminder': 'Event reminder',
  'timeslot-registered-nearby': 'Timeslot registration within 30 minutes of another',
  'payment-completed': 'Payment completed',
  'payment-refund-available': 'Leftover credit can be refunded',
  'payment-refunded': 'Payment refunded',
  'balance-low': 'Low balance',
  'mobile-verify': 'Mobile verification code',
  userBirthdayVerifyAccept: 'Age verification accepted',
  userBirthdayVerifyReject: 'Age verification rejected',
  'company-created': 'Company is created',
  'account-removal-request': 'Account removal request',
  'tag-flag-notification': 'Tag flag notification',
  'device-status-update': 'Device status update',
} as const;
export const COMPANY_LEVEL_TRIGGERS: readonly string[] = ['company-created', 'account-removal-request', 'tag-flag-notification', 'device-status-update'];
/**
 * Triggers whose cause this product never records (no company sign-up, removal requests, tag flags, device states,
 * mobile codes, refundability changes: see api/src/communication/README.md): a template may carry them for the
 * apps that do, but nothing here sends it automatically, and the editor says so.
 */
export const TRIGGERS_WITHOUT_CAUSE: readonly string[] = ['company-created', 'account-removal-request', 'tag-flag-notification', 'device-status-update', 'mobile-verify', 'payment-refund-available'];
/** 'Low balance' sends when a balance drops below this (part 2 section 9). */
export const LOW_BALANCE_CENTS = 1500;

/** Where a notification leads when tapped (part 2 section 3); 'none' for no link. */
export const LINK_KINDS = ['tab-open', 'location-open', 'event-open', 'page-open', 'profile-open', 'link-in-app-open', 'link-external-open', 'none'] as const;
/** Push notification channels, id to label (part 2 section 3). */
export const PUSH_CHANNELS = { priority: 'Priority', partners: 'Regular', reminders: 'Reminder', news: 'News' } as const;

/** The action label and link kind inside a `data` JSON string; unparsable data reads as empty. */
function readData(data: unknown): { label?: string; linkKind?: unknown } {
  if (typeof data !== 'string') return {};
  try {
    const { action, urlParts } = (JSON.parse(data) ?? {}) as { action?: unknown; urlParts?: { kind?: unknown } };
    const label = typeof action === 'object' && action !== null ? (action as { label?: unknown }).label : action;
    return { label: typeof label === 'string' ? label : undefined, linkKind: urlParts?.kind };
  } catch {
    return {};
  }
}

function checkFormatRules(doc: Record<string, unknown>): FieldError[] {
  const kind = templateKind(String(doc.format ?? ''));
  if (!kind) return [];
  const limits: { subject?: number; content?: number; action?: number } = LIMITS[kind];
  const errors: FieldError[] = [];
  for (const language of ['en', 'nl']) {
    const text = (path: string) => getPath(doc, `${path}.${language}`);
    const subject = text('subject');
    const content = text('content');
    const { label, linkKind } = readData(text('data'));
    if (linkKind !== undefined && linkKind !== null && !(LINK_KINDS as readonly unknown[]).includes(linkKind)) {
      errors.push({ field: `data.${language}`, message: `data.${language} link kind must be one of ${LINK_KINDS.join(', ')}` });
    }
    if (limits.subject && typeof subject === 'string' && subject.length > limits.subject) errors.push(tooLong(`subject.${language}`, limits.subject, kind === 'notification' ? 'title' : 'subject'));
    if (limits.content && typeof content === 'string' && content.length > limits.content) errors.push(tooLong(`content.${language}`, limits.content, 'body'));
    if (limits.action && label !== undefined && label.length > limits.action) errors.push(tooLong(`data.${language}`, limits.action, 'action label'));
  }
  return errors;
}

/** A message template for mail, SMS or push notifications; role is its automatic send trigger. */
export const template = defineResource({
  name: 'template',
  label: 'Template',
  labelPlural: 'Templates',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.enum('role', Object.keys(TEMPLATE_TRIGGERS), { label: 'Automatic send trigger', indexed: true, filterable: true, choiceLabels: TEMPLATE_TRIGGERS }),
    f.enum('format', Object.keys(TEMPLATE_FORMAT_LABELS), { label: 'Type', required: true, indexed: true, filterable: true, choiceLabels: TEMPLATE_FORMAT_LABELS }),
    f.text('name.full', { label: 'Name', required: true, searchable: true, sortable: true, indexed: true }),
    companyRefField(),
    f.localizedText('subject', { label: 'Subject', max: LIMITS.mail.subject, help: 'Longer e-mail subjects will not be readable on all devices' }),
    f.localizedText('content', { label: 'Content', format: 'html' }),
    f.localizedText('footer', { label: 'Footer', format: 'html' }),
    f.localizedText('data', { label: 'Data', format: 'json', help: 'JSON with action, image, url and urlParts {kind, value}' }),
    // Android hides a notification sent to a channel the app has not made: without a choice none is named (Expo's default channel)
    f.enum('androidChannelId', Object.keys(PUSH_CHANNELS), { label: 'Android notification channel', choiceLabels: PUSH_CHANNELS, help: "Notifications only. Empty: the app's default channel" }),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'format', 'role'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'subject.en'],
    filters: ['format', 'role', 'meta.archived'],
    maxPageSize: 99999,
  },
  // every admin manages templates (part 2 section 6); deleting needs an empty subject (checked by the API)
  access: access({ read: ANY_ADMIN, write: ANY_ADMIN, import: [], patch: [] }),
  archivable: true,
  checks: [checkFormatRules],
  screens: { route: '/company/template', menuGroup: 'Communication', generated: false, leaveGuard: true },
});
