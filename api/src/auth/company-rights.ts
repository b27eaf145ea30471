import { type AccessEntry, type Right, effectiveRights, getPath } from '@backoffice/resources';

/** The company's admin lists and the right each grants (spec part 2 section 3). */
export const ADMIN_LISTS: readonly [string, Right][] = [
  ['adminCompanyRef', 'company'],
  ['adminApplicationRef', 'application'],
  ['adminMerchantRef', 'merchant'],
  ['adminFinanceRef', 'finance'],
  ['adminUserRef', 'user'],
  ['adminEventRef', 'event'],
  ['adminFinanceNonRefundableRef', 'financeNonRefundable'],
];

type Doc = Record<string, unknown>;

const listHolds = (company: Doc, list: string, userId: string) =>
  ((getPath(company, list) as { userId?: string }[] | undefined) ?? []).some((entry) => entry.userId === userId);

export function platformRights(user: Doc): string[] {
  return (getPath(user, '_projectSpecific.rights') as string[] | undefined) ?? [];
}

/** Effective rights of a user: super from the user record; the others from the company's admin lists. */
export function rightsOf(user: Doc, userId: string, company: Doc): Set<Right> {
  const granted: Right[] = platformRights(user).includes('super') ? ['super'] : [];
  for (const [list, right] of ADMIN_LISTS) if (listHolds(company, list, userId)) granted.push(right);
  return effectiveRights(granted);
}

export function isBlocked(company: Doc, userId: string, user: Doc): boolean {
  const email = getPath(user, 'email.value');
  return listHolds(company, 'userBlockedRef', userId) || (typeof email === 'string' && email.includes('_blocked_'));
}

export function accessEntriesOf(user: Doc): AccessEntry[] {
  return platformRights(user).includes('third-party') ? ((user.accessRef as AccessEntry[] | undefined) ?? []) : [];
}
