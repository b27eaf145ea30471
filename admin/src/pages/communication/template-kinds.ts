import { TEMPLATE_FORMAT_LABELS, templateKind } from '@backoffice/resources';

/** The three kinds the overview filters on (not the five formats), each with its formats. */
export const TEMPLATE_KINDS = [
  { key: 'mail', label: 'Email' },
  { key: 'notification', label: 'Notification' },
  { key: 'sms', label: 'SMS' },
] as const;
export type TemplateKindKey = (typeof TEMPLATE_KINDS)[number]['key'];

export const formatsOfKind = (kind: TemplateKindKey) => Object.keys(TEMPLATE_FORMAT_LABELS).filter((format) => templateKind(format) === kind);

/** The editor's limits per kind (part 2 section 5). */
export const LIMITS = {
  mail: { subject: 90 },
  notification: { subject: 70, content: 250, action: 20 },
  sms: { content: 500 },
} as const;

/** Text messages cost €0.25 each (part 2 section 9). */
export const SMS_PRICE_CENTS = 25;
