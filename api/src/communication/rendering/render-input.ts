import { LINK_KINDS } from '@backoffice/resources';

/** Who a message is for: a user of the company or a manual recipient (batch upload). */
export interface Recipient {
  /** the user record's id; null for a manual recipient */
  userId: string | null;
  name: { first?: string | null; last?: string | null; full?: string | null };
  email?: string | null;
  /** phone number with country code, e.g. +31612345678 */
  mobile?: string | null;
  /** `info.language`; anything but nl reads as en */
  language?: string | null;
  /** `email.anonymous`: such users are never sent anything */
  anonymous?: boolean;
  /** the balance when the caller knows it (low-balance trigger, batches); null: unknown, renders empty */
  balanceCents?: number | null;
}

/** The company as templates may show it. */
export interface CompanyBranding {
  name: string;
  /** absolute or root-relative URLs of the company's images */
  image: { profile: string | null; banner: string | null };
}

/** The template fields rendering needs: format plus the localized texts. */
export interface TemplateSource {
  format: string;
  subject?: Partial<Record<string, string>>;
  content?: Partial<Record<string, string>>;
  footer?: Partial<Record<string, string>>;
  data?: Partial<Record<string, string>>;
  /** notifications: the Android channel to show it in; none, the app's default channel */
  androidChannelId?: string;
}

export type Language = 'en' | 'nl';
export type LinkKind = (typeof LINK_KINDS)[number];

/** The `data` JSON of a template language: what a notification does when tapped. */
export interface TemplateData {
  action?: string;
  image?: string;
  url?: string;
  urlParts?: { kind: LinkKind; value?: string };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Reads a stored `data` string leniently: anything unparsable, or not an object, is empty data (part 2 section 8). */
export function parseTemplateData(stored: unknown): TemplateData {
  if (typeof stored !== 'string' || stored.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const raw = value as Record<string, unknown>;
  const action = typeof raw.action === 'object' && raw.action !== null ? (raw.action as { label?: unknown }).label : raw.action;
  const parts = typeof raw.urlParts === 'object' && raw.urlParts !== null ? (raw.urlParts as Record<string, unknown>) : null;
  const kind = parts && (LINK_KINDS as readonly unknown[]).includes(parts.kind) ? (parts.kind as LinkKind) : undefined;
  return {
    ...(text(action) && { action: text(action) }),
    ...(text(raw.image) && { image: text(raw.image) }),
    ...(text(raw.url) && { url: text(raw.url) }),
    ...(kind && { urlParts: { kind, ...(text(parts!.value) && { value: text(parts!.value) }) } }),
  };
}

/** The recipient's language when the template has content in it, else English. */
export function languageFor(template: TemplateSource, recipient: Recipient): Language {
  return recipient.language === 'nl' && (text(template.content?.nl) || text(template.subject?.nl)) ? 'nl' : 'en';
}

/** An amount as templates read it: `{{ payment.amount.euro }}` gives 12.50. */
export const amountOf = (cents: number) => ({ cents, euro: (cents / 100).toFixed(2) });

const fullName = (name: Recipient['name']) => name.full || [name.first, name.last].filter(Boolean).join(' ');

/**
 * What a template can read. `user` and `company` always; the caller's extras (e.g. `event`, `timeslot`,
 * `transaction`) beside them, never replacing them.
 */
export function templateScope(recipient: Recipient, company: CompanyBranding, language: Language, extras: Record<string, unknown> = {}): Record<string, unknown> {
  const cents = recipient.balanceCents;
  return {
    ...extras,
    user: {
      name: { first: recipient.name.first ?? '', last: recipient.name.last ?? '', full: fullName(recipient.name) },
      email: recipient.email ?? '',
      mobile: recipient.mobile ?? '',
      language,
      balance: typeof cents === 'number' ? amountOf(cents) : null,
    },
    company: { name: company.name, image: company.image },
  };
}
