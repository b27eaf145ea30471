import { type ComponentType, createElement, lazy } from 'react';
import { matchRoutes } from 'react-router';
import { SIGN_IN_PATH } from '../providers/auth-provider';
import { whenIdle } from './when-idle';

/** A page in its own chunk that can be fetched before React asks for it. */
type Page<Props = object> = ComponentType<Props> & { load: () => Promise<unknown>; loaded: () => boolean };

/** Fetches a chunk ahead; a failure is React.lazy's to show when the page renders. */
function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/**
 * A page in its own chunk. Once the chunk is in (it is fetched while Refine starts), the page renders at once
 * instead of suspending: React keeps a fallback it has shown for at least 300 ms before revealing what replaced it,
 * so each nested page that suspended even briefly could hold the route back by that much.
 */
function page<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): Page<Props> {
  let loaded: ComponentType<Props> | null = null;
  // runs before React's own callback on the same promise, so a lazy that has resolved is never rendered
  const loadPage = () => load().then((module) => ((loaded = module.default), module));
  const Lazy = lazy(loadPage);
  const Page = (props: Props) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { load: loadPage, loaded: () => loaded !== null });
}

/** The signed-in admin: Refine, its providers and the routes (admin-app.tsx). */
export const AdminApp = page(() => import('./admin-app'));

/** The sign-in page, on its own: no Refine, no data provider. */
export const SignInPage = page(() => import('../pages/auth/sign-in-page'));

/**
 * Custom pages by route. A custom page replaces the generated one when it registers the same route;
 * every page is its own chunk.
 */
export const CUSTOM_ROUTES: Record<string, Page> = {
  '/company/init': page(() => import('../pages/welcome/welcome-page')),
  '/company/communication/mail': page(() => import('../pages/communication/mail-list')),
  '/company/communication/sms': page(() => import('../pages/communication/sms-list')),
  '/company/timeslot': page(() => import('../pages/timeslot/timeslot-list')),
  '/company/event/:eventId/module-timeslot/:timeslotId/edit': page(() => import('../pages/timeslot/timeslot-edit')),
  '/company/merchant': page(() => import('../pages/merchant/merchant-list')),
  '/company/merchant/:id/edit': page(() => import('../pages/merchant/merchant-edit')),
  '/company/merchant/:merchantId/live': page(() => import('../pages/merchant/merchant-live')),
  '/company/merchant/:merchantId/live-register': page(() => import('../pages/merchant/merchant-live-register')),
  '/company/merchant/:merchantId/self-service': page(() => import('../pages/merchant/self-service-page')),
  '/company/merchant/product': page(() => import('../pages/merchant/product-list')),
  '/company/merchant/:merchantId/product/:productId/edit': page(() => import('../pages/merchant/product-edit')),
  '/company/user/:id/edit': page(() => import('../pages/user/user-edit-page')),
  '/company/user': page(() => import('../pages/user/user-list-page')),
  '/company/admin': page(() => import('../pages/admin/admin-page')),
  '/company/finance/payment': page(() => import('../pages/finance/payment-overview-page')),
  '/company/finance/payment/refund': page(() => import('../pages/finance/refund-page')),
  '/company/finance/transaction': page(() => import('../pages/finance/transaction-overview-page')),
  '/company/model/:model/export': page(() => import('../pages/model/model-export-page')),
  '/company/model/:model/import': page(() => import('../pages/model/model-import-page')),
  '/company/model/:model/import/patch': page(() => import('../pages/model/model-import-page')),
  '/company/model/:model/patch': page(() => import('../pages/model/model-import-page')),
  '/company/event/create/edit': page(() => import('../pages/event/event-create-page')),
  '/company/dashboard': page(() => import('../pages/dashboard/dashboard-page')),
  '/company/device': page(() => import('../pages/device/device-event-page')),
  '/company/device/:eventId': page(() => import('../pages/device/device-cards-page')),
  '/company/profile': page(() => import('../pages/profile/profile-page')),
  '/company/tutorial': page(() => import('../pages/tutorial/tutorial-browser-page')),
  '/company/tutorial/manage': page(() => import('../pages/tutorial/tutorial-manage-page')),
  '/company/tutorial/:tutorialId/view': page(() => import('../pages/tutorial/tutorial-view-page')),
  '/company/template': page(() => import('../pages/communication/template-list')),
  '/company/template/:id/edit': page(() => import('../pages/communication/template-edit')),
  '/company/push-notification': page(() => import('../pages/communication/push-notification-page')),
  '/company/communication/planned': page(() => import('../pages/communication/planned-list')),
  '/company/batch': page(() => import('../pages/batch/batch-page')),
  '/company/activity': page(() => import('../pages/activity/activity-page')),
  '/company/webhooks/deliveries': page(() => import('../pages/webhooks/webhook-deliveries-page')),
};

export const GenericList = page(() => import('../generic/list/generic-list-page'));
export const GenericEdit = page(() => import('../generic/form/generic-edit-page'));
export const OwnRecordEdit = page(() => import('../generic/form/own-record-edit-page'));
export const AppLayout = page(() => import('../layout/app-layout'));
export const NotFoundPage = page(() => import('../pages/not-found-page'));

/** The page a signed-in path shows: its custom page, else the generated edit or list page. */
function pageOf(pathname: string): Pick<Page, 'load' | 'loaded'> | undefined {
  const custom = matchRoutes(Object.keys(CUSTOM_ROUTES).map((path) => ({ path })), pathname)?.[0];
  if (custom) return CUSTOM_ROUTES[custom.route.path];
  if (pathname.endsWith('/edit')) return GenericEdit;
  if (pathname.startsWith('/company/')) return GenericList;
  return undefined;
}

/**
 * Loads what a signed-in path needs to render without suspending: Refine, the layout and its page. React keeps a
 * fallback it has shown for at least 300 ms before revealing what replaced it, so the admin renders once these are
 * in rather than suspending on them.
 */
export function loadRoute(pathname: string): Promise<unknown> {
  return Promise.all([AdminApp.load(), AppLayout.load(), pageOf(pathname)?.load()]);
}

/**
 * Loads the code of the first page a visit to `pathname` shows: for a signed-in user Refine, the layout and the
 * page, for anyone else the sign-in page; nothing for a merchant's public menu, which loads its own.
 */
export function loadFirstPage(pathname: string, signedIn: boolean): Promise<unknown> {
  if (pathname.startsWith('/menu/')) return Promise.resolve();
  if (!signedIn || pathname.startsWith(SIGN_IN_PATH)) return SignInPage.load();
  return loadRoute(pathname);
}

/** Whether what loadRoute loads for `pathname` is in: the route renders without suspending. */
export function routeLoaded(pathname: string): boolean {
  return AdminApp.loaded() && AppLayout.loaded() && (pageOf(pathname)?.loaded() ?? true);
}

/**
 * Fetches the pages behind `paths` when the browser next has nothing to do, so a click in the menu renders its page
 * at once: a page still loading keeps the one on screen until it is in (React Router navigates in a transition),
 * which the click would otherwise wait for.
 */
export function prefetchPages(paths: readonly string[]): () => void {
  return preloadWhenIdle([...new Set(paths.map(pageOf))].flatMap((page) => (page ? [page.load] : [])));
}

/** Fetches chunks (`loads`) when the browser next has nothing to do; answers what cancels it. */
export function preloadWhenIdle(loads: readonly (() => Promise<unknown>)[]): () => void {
  return whenIdle(() => loads.forEach(preload));
}
