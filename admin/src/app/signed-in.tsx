import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { signInUrl } from '../providers/auth-provider';
import { knownMe, loadMe, type Me } from '../providers/session';
import { PageLoading } from './page-loading';
import { loadRoute, routeLoaded } from './pages';

/**
 * The signed-in user once the admin's code for the page in the address is in too; undefined until then. Known at
 * once on a visit's first render, which main.tsx makes once both are in (boot.ts).
 */
function useSignedIn(): Me | null | undefined {
  const [me, setMe] = useState<Me | null | undefined>(() => {
    const known = knownMe();
    return known && !routeLoaded(window.location.pathname) ? undefined : known;
  });
  useEffect(() => {
    if (me !== undefined) return;
    let current = true;
    loadMe()
      // a chunk that fails to load is the page's error to show, not a reason to sign in again
      .then(async (answer) => (answer && (await loadRoute(window.location.pathname).catch(() => undefined)), answer))
      .then(
        (answer) => current && setMe(answer),
        () => current && setMe(null),
      );
    return () => {
      current = false;
    };
  }, [me]);
  return me;
}

/**
 * The signed-in admin for a signed-in user, the sign-in page (with the way back) for anyone else: decided before
 * the admin's code is fetched, so nobody is sent its scripts on the way to signing in. The admin renders once its
 * code for the page is in, never through a suspended fallback, which React would keep on screen for 300 ms.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const me = useSignedIn();
  if (me === undefined) return <PageLoading />;
  if (!me) return <Navigate to={signInUrl()} replace />;
  return children;
}
