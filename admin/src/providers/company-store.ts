/** The company a super admin acts in, sent as X-Company-Id on every request. */
const KEY = 'backoffice.companyId';

export function selectedCompanyId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function selectCompany(companyId: string | null): void {
  if (companyId) localStorage.setItem(KEY, companyId);
  else localStorage.removeItem(KEY);
}
