import { COMPANY_SUB_RIGHTS, RIGHTS, type Right } from '../types';
import type { Doc } from '../paths';
import { jsonSchema as s, type Schema } from './schema';

export { ACCESS_SCOPES_BY_MODEL } from '../models/user';

/** Shared by the API and the admin: user types, age, the admin rights matrix and its hierarchy (part 2 sections 2 to 6). */

export { ANONYMOUS_ACCOUNT_DOMAIN, ANONYMOUS_CARD_DOMAIN, type UserType, userTypeOf } from '../user-type';

/** Whole years since the birthday, or '-' when it is missing or its unix time is 0. */
export function ageOf(birthdayUnix: unknown, now: Date = new Date()): string {
  if (typeof birthdayUnix !== 'number' || birthdayUnix === 0) return '-';
  const born = new Date(birthdayUnix * 1000);
  let years = now.getUTCFullYear() - born.getUTCFullYear();
  if (now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate())) years -= 1;
  return String(years);
}

/** The columns of the admin matrix, in the spec's order, with the spec's tooltips. */
export const ADMIN_MATRIX_RIGHTS: readonly { right: Right; label: string; tooltip: string }[] = [
  { right: 'company', label: 'Company admin', tooltip: 'Edit all modules, including company settings and manage roles' },
  { right: 'application', label: 'Application admin', tooltip: 'Edit application components' },
  { right: 'merchant', label: 'Merchant admin', tooltip: 'Edit merchants and products' },
  { right: 'finance', label: 'Finance admin', tooltip: 'See all transactions and perform refunds' },
  { right: 'user', label: 'User admin', tooltip: 'User actions and editing users' },
  { right: 'event', label: 'Event admin', tooltip: 'Edit events and event components' },
  { right: 'financeNonRefundable', label: 'Non refundable admin', tooltip: 'Only give non-refundable funds to users through the admin app' },
];

/**
 * The admin hierarchy applied to one change of a user's rights: ticking Company admin ticks the five sub-rights,
 * unticking a sub-right unticks Company admin; Non refundable is independent.
 */
export function toggleAdminRight(rights: readonly Right[], right: Right, on: boolean): Right[] {
  const next = new Set(rights);
  if (on) next.add(right);
  else next.delete(right);
  if (right === 'company') for (const sub of COMPANY_SUB_RIGHTS) on ? next.add(sub) : next.delete(sub);
  if (!on && COMPANY_SUB_RIGHTS.includes(right)) next.delete('company');
  return ADMIN_MATRIX_RIGHTS.map((column) => column.right).filter((column) => next.has(column));
}

/** The rights a saved row amounts to: Company admin holds its sub-rights, whatever else was sent. */
export function normalizedAdminRights(rights: readonly Right[]): Right[] {
  return rights.includes('company') ? toggleAdminRight(rights, 'company', true) : ADMIN_MATRIX_RIGHTS.map((column) => column.right).filter((right) => rights.includes(right));
}

/** One row of the admin matrix: GET and PUT /api/company/admin/rights. */
export interface AdminRightsRow {
  userId: string;
  user?: { name: { full: string | null }; email: { value: string | null } };
  rights: Right[];
  /** platform staff; only super admins change it */
  super: boolean;
}

/** Answer of the age verification actions: the user as it is now and the toast the admin shows. */
export interface AgeVerificationAnswer {
  user: Doc;
  message: 'User birthday verified' | 'User birthday rejected' | 'User skipped';
  /** the template of the role userBirthdayVerifyAccept / userBirthdayVerifyReject, when the company has one */
  templateId: string | null;
}

export const PASSWORD_MAX_LENGTH = 100;
/** when the company sets no minimum */
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;

/** The new global password's rule (part 2 section 5), null when it is fine. */
export function passwordProblem(password: string, minLength: number): string | null {
  if (password.length < minLength) return `Password is too short, enter at least ${minLength} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password is too long, you can enter up to ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

/** Ids typed for a batch add of access rights: separated by commas or whitespace, each once. */
export function splitIds(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

const matrixRight = s.enum(['company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable']);

export const adminRightsRowSchema: Schema<AdminRightsRow> = s.named(
  'AdminRightsRow',
  s.object(
    {
      userId: s.objectId(),
      user: s.object({ name: s.object({ full: s.nullable(s.string()) }), email: s.object({ value: s.nullable(s.string()) }) }),
      rights: s.array(s.enum(RIGHTS)),
      super: s.boolean(),
    },
    { optional: ['user'] },
  ),
);

/** PUT /api/company/admin/rights: the whole matrix; `super` changes only where sent (by super admins). */
export const adminRightsBodySchema = s.named(
  'AdminRightsBody',
  s.object({ users: s.array(s.object({ userId: s.objectId(), rights: s.array(matrixRight), super: s.boolean() }, { optional: ['super'] })) }),
);

export const ageVerificationAnswerSchema: Schema<AgeVerificationAnswer> = s.named(
  'AgeVerification',
  s.object({ user: s.ref('user'), message: s.enum(['User birthday verified', 'User birthday rejected', 'User skipped']), templateId: s.nullable(s.objectId()) }),
);

/** A blocked user of the company: its id and, populated, the user. */
export const blockedUserSchema = s.object({ userId: s.objectId(), user: s.nullable(s.ref('user')) }, { optional: ['user'] });
