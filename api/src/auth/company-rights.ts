import { type AccessEntry, getPath, platformRights } from '@backoffice/resources';

type Doc = Record<string, unknown>;

const listHolds = (company: Doc, list: string, userId: string) =>
  ((getPath(company, list) as { userId?: string }[] | undefined) ?? []).some((entry) => entry.userId === userId);

/** Blocked: in the company's blocked list, or '_blocked_' in the email (spec part 2 section 3). */
export function isBlocked(company: Doc, userId: string, user: Doc): boolean {
  const email = getPath(user, 'email.value');
  return listHolds(company, 'userBlockedRef', userId) || (typeof email === 'string' && email.includes('_blocked_'));
}

export function accessEntriesOf(user: Doc): AccessEntry[] {
  return platformRights(user).includes('third-party') ? ((user.accessRef as AccessEntry[] | undefined) ?? []) : [];
}
