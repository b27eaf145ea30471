import { Navigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../providers/auth-provider';
import { userMay } from '../providers/access-control';
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
