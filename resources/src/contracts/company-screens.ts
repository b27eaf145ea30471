/** Answers of the company screens' endpoints (dashboard, visitor cards, company profile), shared by API and admin. */

export interface DashboardTab {
  model: 'page' | 'location' | 'event' | 'video' | 'merchant';
  /** the route prefix of its screens: pages and videos live under /application, the others under /company */
  area: 'application' | 'company';
  /** the user may create it (manage or publish scope, or an admin right covering it) */
  canCreate: boolean;
  total: number;
  records: { _id: string; name?: { full?: string }; nameLocalized?: { full?: Record<string, string> } }[];
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
