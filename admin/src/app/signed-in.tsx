import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { signInUrl } from '../providers/auth-provider';
import { knownMe, loadMe, type Me } from '../providers/session';
import { PageLoading } from './page-loading';

/**
 * The signed-in admin for a signed-in user, the sign-in page (with the way back) for anyone else: decided before
 * the admin's code is fetched, so nobody is sent its scripts on the way to signing in.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null | undefined>(knownMe);
  useEffect(() => {
    if (me === undefined) loadMe().then(setMe, () => setMe(null));
  }, [me]);
  if (me === undefined) return <PageLoading />;
  if (!me) return <Navigate to={signInUrl()} replace />;
  return children;
}
