import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { listPath, screenResources } from '../definitions/screens';
import { FreshVisit } from './fresh-visit';
import { HomeRedirect } from './home-redirect';
import { PageAccess } from './page-access';
import { PageLoading } from './page-loading';
import { AppLayout, CUSTOM_ROUTES, GenericEdit, GenericList, NotFoundPage, OwnRecordEdit } from './pages';

const lazyPage = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;
/**
 * A page of a route. It has no loading state of its own: a page whose chunk is still loading when the user opens
 * it keeps the page on screen until it is in (React Router navigates in a transition), where a fallback of its own
 * would show for at least 300 ms.
 */
const guardedPage = (route: string, node: ReactNode) => (
  <PageAccess route={route}>
    <FreshVisit>{node}</FreshVisit>
  </PageAccess>
);

/** Generated list and edit routes for every resource with screens, unless a custom page registers the same route. */
function generatedRoutes() {
  return screenResources().flatMap((def) => {
    const list = listPath(def);
    const edit = `${list}/:id/edit`;
    const listPage = def.scope === 'platform' ? <OwnRecordEdit key={def.name} model={def.name} /> : <GenericList key={def.name} model={def.name} />;
    return [
      CUSTOM_ROUTES[list] ? null : <Route key={list} path={list} element={guardedPage(list, listPage)} />,
      CUSTOM_ROUTES[edit] ? null : <Route key={edit} path={edit} element={guardedPage(edit, <GenericEdit key={def.name} model={def.name} />)} />,
    ];
  });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={lazyPage(<AppLayout />)}>
        <Route index element={<HomeRedirect />} />
        <Route path="/company" element={<HomeRedirect />} />
        {Object.entries(CUSTOM_ROUTES).map(([path, Page]) => (
          <Route key={path} path={path} element={guardedPage(path, <Page />)} />
        ))}
        {generatedRoutes()}
        <Route path="*" element={lazyPage(<NotFoundPage />)} />
      </Route>
    </Routes>
  );
}
