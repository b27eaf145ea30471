import { findResource, type ResourceDef, rightsFor } from '@backoffice/resources';
import { lazy, type ReactNode, Suspense } from 'react';
import { listPath, screenResources } from '../definitions/screens';
import { userMay } from '../providers/access-control';
import { useMe } from '../providers/use-me';
import { PageLoading } from './page-loading';

/** Loaded only when shown: antd's Result carries its three illustrations, which no permitted page needs. */
const NoAccess = lazy(() => import('./no-access'));

/** Custom routes that live under another resource's route than their own, or (null) whose page decides itself. */
const ROUTE_RESOURCES: Record<string, string | null> = {
  '/company/event/:eventId/module-timeslot/:timeslotId/edit': 'timeslot',
  // visitor cards are printed from the event guests
  '/company/device': 'eventGuest',
  '/company/device/:eventId': 'eventGuest',
  // finance admins who may not read users still get a user's payment details there
  '/company/user/:id/edit': null,
};

/** The resource a route shows: named above, or the one whose list route is the longest prefix of it. */
export function resourceOfRoute(route: string, defs: readonly ResourceDef[] = screenResources()): ResourceDef | undefined {
  const named = ROUTE_RESOURCES[route];
  if (named !== undefined) return named === null ? undefined : findResource(named);
  return defs
    .filter((def) => route === listPath(def) || route.startsWith(`${listPath(def)}/`))
    .sort((a, b) => listPath(b).length - listPath(a).length)[0];
}

/** The page of a route, or a clear 'no access' state naming the right it needs (the API refuses it as well). */
export function PageAccess({ route, children }: { route: string; children: ReactNode }) {
  const me = useMe();
  const def = resourceOfRoute(route);
  if (!def) return children;
  if (!me) return <PageLoading />;
  if (userMay(me, def.name, 'list')) return children;
  return (
    <Suspense fallback={<PageLoading />}>
      <NoAccess rights={rightsFor(def, 'read') ?? ['super']} />
    </Suspense>
  );
}
