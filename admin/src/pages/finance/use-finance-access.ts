import { useMe } from '../../providers/use-me';

/** Who sees what on the finance screens: super-only figures and the company admins' Batch menus. */
export function useFinanceAccess() {
  const me = useMe();
  const rights = new Set(me?.rights ?? []);
  const isSuper = rights.has('super');
  return { isSuper, isCompanyAdmin: isSuper || rights.has('company'), isFinance: isSuper || rights.has('company') || rights.has('finance') };
}
