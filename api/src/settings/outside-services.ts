import type { OutsideServiceId, ServiceOff } from '@backoffice/resources';

/**
 * The outside services an installation may use. Each is switched on by default and off with `{SWITCH}=false`.
 * Switched on, production needs its settings (`required`); the demo and the tests start a local fake for any
 * service whose URL is unset. Switched off, nothing is faked: its features answer 409 with `offMessage`.
 */
export interface OutsideService {
  id: OutsideServiceId;
  /** its on/off variable */
  switch: string;
  /** the variable of its base URL */
  urlVariable: string;
  /** the variables production needs while it is on (its URL has a default where the service has one address) */
  required: readonly string[];
  /** what its features answer while it is off */
  offMessage: string;
}


export const OUTSIDE_SERVICES: readonly OutsideService[] = [
  { id: 'paynl', switch: 'PAYNL_ENABLED', urlVariable: 'PAYNL_URL', required: ['PAYNL_AT_CODE', 'PAYNL_API_TOKEN'], offMessage: 'Payments (pay.nl) are not configured for this installation' },
  {
    id: 'moneybird',
    switch: 'MONEYBIRD_ENABLED',
    urlVariable: 'MONEYBIRD_URL',
    required: ['MONEYBIRD_TOKEN', 'MONEYBIRD_ADMINISTRATION_ID', 'MONEYBIRD_PLACEHOLDER_PRODUCT_ID', 'MONEYBIRD_LEDGER_ACCOUNT_ID'],
    offMessage: 'Accounting (Moneybird) is not configured for this installation',
  },
  { id: 'lockerCompany', switch: 'LOCKER_COMPANY_ENABLED', urlVariable: 'LOCKER_COMPANY_URL', required: ['LOCKER_COMPANY_URL', 'LOCKER_COMPANY_TOKEN'], offMessage: 'The locker company is not configured for this installation' },
  { id: 'aiImage', switch: 'AI_IMAGE_ENABLED', urlVariable: 'AI_IMAGE_URL', required: ['AI_IMAGE_URL'], offMessage: 'Image suggestions are not configured for this installation' },
  { id: 'mailgun', switch: 'MAILGUN_ENABLED', urlVariable: 'MAILGUN_URL', required: ['MAILGUN_DOMAIN', 'MAILGUN_API_KEY', 'MAILGUN_FROM', 'MAILGUN_WEBHOOK_SIGNING_KEY'], offMessage: 'Mail is not configured for this installation' },
  { id: 'sms', switch: 'SMS_ENABLED', urlVariable: 'SMS_URL', required: ['SMS_ACCESS_KEY', 'SMS_ORIGINATOR', 'SMS_WEBHOOK_SIGNING_KEY', 'SMS_WEBHOOK_URL'], offMessage: 'SMS is not configured for this installation' },
  { id: 'expoPush', switch: 'EXPO_PUSH_ENABLED', urlVariable: 'EXPO_PUSH_URL', required: [], offMessage: 'Push notifications are not configured for this installation' },
];

export const outsideService = (id: OutsideServiceId) => OUTSIDE_SERVICES.find((service) => service.id === id)!;

/** Whether a service is on: read when used, like every service setting, so tests may switch one off. */
export const serviceEnabled = (id: OutsideServiceId, env: NodeJS.ProcessEnv = process.env) => env[outsideService(id).switch]?.trim() !== 'false';

/** The services switched off, with what their features answer: the admin disables those features with it. */
export const servicesOff = (env: NodeJS.ProcessEnv = process.env): ServiceOff[] =>
  OUTSIDE_SERVICES.filter((service) => !serviceEnabled(service.id, env)).map((service) => ({ service: service.id, message: service.offMessage }));
