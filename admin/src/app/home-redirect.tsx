import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../providers/auth-provider';
import { userMay } from '../providers/access-control';
import { loadMe, type Me } from '../providers/session';
import { useMe } from '../providers/use-me';
import { menuEntries } from './menu';
import { CUSTOM_ROUTES } from './pages';
import { PageLoading } from './page-loading';

/** Sends a signed-in user to where they came from, or to the first screen they may open. */
export function HomeRedirect() {
  const me = useMe();
  const [params] = useSearchParams();
  if (!me) return <PageLoading />;
  const to = params.get('to');
  if (to) return <Navigate to={safeReturnPath(to)} replace />;
  // the dashboard when a page registers it, else the first screen this user may open
  if (CUSTOM_ROUTES['/company/dashboard']) return <Navigate to="/company/dashboard" replace />;
  const first = menuEntries().find((entry) => userMay(me, entry.model, 'list'));
  return <Navigate to={first?.route ?? '/company/init'} replace />;
}

/**
 * The sign-in page for signed-out visitors; a signed-in one goes on at once. Checked once on arrival
 * (not on every auth refresh), so a failed attempt keeps the form and its message.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    loadMe().then(setMe, () => setMe(null));
  }, []);
  if (me === undefined) return <PageLoading />;
  if (me) return <HomeRedirect />;
  return <>{children}</>;
}
