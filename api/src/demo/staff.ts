import { ADMIN_LIST_RIGHTS, findResource } from '@backoffice/resources';
import { hashPassword } from '../auth/passwords';
import { newId } from '../common/object-id';
import type { Queryable } from '../database/database';
import { bulkInsert } from '../database/bulk-insert';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './sign-ins';

type Doc = Record<string, unknown>;

export function companyDoc(nameId: string, full: string): Doc {
  return {
    name: { id: nameId, full, abbr: full.slice(0, 3).toUpperCase() },
    email: { value: `info@${nameId}.test` },
    domain: `${nameId}.test`,
    settings: { payment: { currencySymbol: '€', currencyExchangeRate: 1 }, userPasswordMinLength: 8 },
    meta: { createdAt: Math.floor(Date.now() / 1000) },
  };
}

export function staffDoc(email: string, first: string, last: string, passwordHash: string, platformRights: string[] = []): Doc {
  const now = Math.floor(Date.now() / 1000);
  return {
    name: { first, last, full: `${first} ${last}` },
    email: { value: email, valid: true, anonymous: false },
    info: { language: 'en' },
    security: { password: { value: passwordHash } },
    _projectSpecific: { rights: platformRights },
    meta: { archived: false, createdAt: now },
  };
}

/**
 * A company with one staff member per admin right (the super admin holds 'super' on the user record),
 * each in the company's admin list for that right. Returns the company id and the user ids by role.
 * `companyExtra` adds top-level parts of the company document (settings, application).
 */
export async function createCompanyWithStaff(
  db: Queryable,
  nameId: string,
  full: string,
  emailFor: (role: string) => string,
  password = DEMO_PASSWORD,
  companyExtra: Doc = {},
): Promise<{ companyId: string; userIds: Record<string, string> }> {
  const companyId = newId();
  const passwordHash = await hashPassword(password);
  const userIds: Record<string, string> = {};
  const users = DEMO_SIGN_INS.map((signIn) => {
    const id = newId();
    userIds[signIn.role] = id;
    return { id, companyId, doc: staffDoc(emailFor(signIn.role), signIn.first, signIn.last, passwordHash, signIn.role === 'super' ? ['super'] : []) };
  });
  const company = { ...companyDoc(nameId, full), ...companyExtra };
  for (const [list, right] of ADMIN_LIST_RIGHTS) {
    company[list] = userIds[right] ? [{ userId: userIds[right] }] : [];
  }
  company.userBlockedRef = [];
  await bulkInsert(db, findResource('company')!, [{ id: companyId, companyId, doc: company }]);
  await bulkInsert(db, findResource('user')!, users);
  return { companyId, userIds };
}
