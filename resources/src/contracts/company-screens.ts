import { jsonSchema as s, type Schema } from './schema';

/** Answers of the company screens' endpoints (dashboard, visitor cards, company profile), shared by API and admin. */

export interface DashboardTab {
  model: 'page' | 'location' | 'event' | 'video' | 'merchant';
  /** the route prefix of its screens: pages and videos live under /application, the others under /company */
  area: 'application' | 'company';
  /** the user may create it (manage or publish scope, or an admin right covering it) */
  canCreate: boolean;
  total: number;
  records: { _id: string; id: string; name?: { full?: string }; nameLocalized?: { full?: Record<string, string> } }[];
}

export interface DashboardAnswer {
  tabs: DashboardTab[];
  /** the external content editor of pages; null when none is configured */
  blocksEditorUrl: string | null;
}

export interface VisitorCard {
  guestId: string;
  /** false when the guest's user record is gone: the card shows 'We could not find this user' */
  found: boolean;
  name: { first?: string; last?: string; full?: string };
  email: string | null;
  line1: string;
  line2: string;
  isApproved: boolean;
  isPrinted: boolean;
  /** the guest is placed in a workshop group (module.sorting.groupRef) */
  workshop: boolean;
  /** the vCard the QR code holds (rendered by /api/image/qr/{value}/png) */
  qrValue: string;
}

export interface CompanyUpdateItem {
  _id: string;
  name: { full?: string; tag?: string };
  content: { en?: string; nl?: string };
  /** unix seconds of its creation, from the id */
  createdAt: number;
}

export interface CompanyProfileAnswer {
  /** the tabs this user may open, in order: 'whatsNew' first */
  tabs: ('whatsNew' | 'general' | 'app' | 'super')[];
  whatsNew: CompanyUpdateItem[];
  /** the company record holding only the fields of the sections this user may open */
  company: Record<string, unknown>;
}

const objectIdSchema = s.objectId();
const text = s.string();
const localized = s.record(s.string());

export const dashboardAnswerSchema: Schema<DashboardAnswer> = s.named(
  'Dashboard',
  s.object({
    tabs: s.array(
      s.object({
        model: s.enum(['page', 'location', 'event', 'video', 'merchant']),
        area: s.enum(['application', 'company']),
        canCreate: s.boolean(),
        total: s.integer(),
        records: s.array(
          s.object(
            { _id: objectIdSchema, id: objectIdSchema, name: s.object({ full: text }, { optional: ['full'] }), nameLocalized: s.object({ full: localized }, { optional: ['full'] }) },
            { optional: ['name', 'nameLocalized'] },
          ),
        ),
      }),
    ),
    blocksEditorUrl: s.nullable(s.string()),
  }),
);

export const visitorCardSchema: Schema<VisitorCard> = s.named(
  'VisitorCard',
  s.object({
    guestId: objectIdSchema,
    found: s.boolean(),
    name: s.object({ first: text, last: text, full: text }, { optional: ['first', 'last', 'full'] }),
    email: s.nullable(s.string()),
    line1: text,
    line2: text,
    isApproved: s.boolean(),
    isPrinted: s.boolean(),
    workshop: s.boolean(),
    qrValue: text,
  }),
);

export const companyProfileSchema: Schema<CompanyProfileAnswer> = s.named(
  'CompanyProfile',
  s.object({
    tabs: s.array(s.enum(['whatsNew', 'general', 'app', 'super'])),
    whatsNew: s.array(
      s.object({
        _id: objectIdSchema,
        name: s.object({ full: text, tag: text }, { optional: ['full', 'tag'] }),
        content: s.object({ en: text, nl: text }, { optional: ['en', 'nl'] }),
        createdAt: s.integer(),
      }),
    ),
    company: s.record(s.any(), { description: 'the company record with only the fields of the tabs this user may open' }),
  }),
);
