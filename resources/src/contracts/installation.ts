/** The outside services an installation may switch off (`{SERVICE}_ENABLED=false`), shared by the API and the admin. */
export type OutsideServiceId = 'paynl' | 'moneybird' | 'lockerCompany' | 'aiImage' | 'mailgun' | 'sms' | 'expoPush';

/** A switched-off service as /api/auth/me names it: the admin disables its features with `message`. */
export interface ServiceOff {
  service: OutsideServiceId;
  message: string;
}

/** The outside service each message channel sends through. */
export const CHANNEL_SERVICE = { mail: 'mailgun', sms: 'sms', notification: 'expoPush' } as const satisfies Record<string, OutsideServiceId>;
