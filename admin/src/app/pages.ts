import { lazy } from 'react';

/**
 * Custom pages by route. A custom page replaces the generated one when it registers the same route;
 * every page is its own chunk.
 */
export const CUSTOM_ROUTES: Record<string, ReturnType<typeof lazy>> = {
  '/company/init': lazy(() => import('../pages/welcome/welcome-page')),
  '/company/communication/mail': lazy(() => import('../pages/communication/mail-list')),
  '/company/communication/sms': lazy(() => import('../pages/communication/sms-list')),
  '/company/timeslot': lazy(() => import('../pages/timeslot/timeslot-list')),
  '/company/event/:eventId/module-timeslot/:timeslotId/edit': lazy(() => import('../pages/timeslot/timeslot-edit')),
  '/company/merchant': lazy(() => import('../pages/merchant/merchant-list')),
  '/company/merchant/:id/edit': lazy(() => import('../pages/merchant/merchant-edit')),
  '/company/merchant/:merchantId/live': lazy(() => import('../pages/merchant/merchant-live')),
  '/company/merchant/:merchantId/live-register': lazy(() => import('../pages/merchant/merchant-live-register')),
  '/company/merchant/product': lazy(() => import('../pages/merchant/product-list')),
  '/company/merchant/:merchantId/product/:productId/edit': lazy(() => import('../pages/merchant/product-edit')),
  '/company/user/:id/edit': lazy(() => import('../pages/user/user-edit-page')),
  '/company/user': lazy(() => import('../pages/user/user-list-page')),
  '/company/admin': lazy(() => import('../pages/admin/admin-page')),
  '/company/finance/payment': lazy(() => import('../pages/finance/payment-overview-page')),
  '/company/finance/payment/refund': lazy(() => import('../pages/finance/refund-page')),
  '/company/finance/transaction': lazy(() => import('../pages/finance/transaction-overview-page')),
  '/company/model/:model/export': lazy(() => import('../pages/model/model-export-page')),
  '/company/model/:model/import': lazy(() => import('../pages/model/model-import-page')),
  '/company/model/:model/import/patch': lazy(() => import('../pages/model/model-import-page')),
  '/company/model/:model/patch': lazy(() => import('../pages/model/model-import-page')),
  '/company/event/create/edit': lazy(() => import('../pages/event/event-create-page')),
  '/company/dashboard': lazy(() => import('../pages/dashboard/dashboard-page')),
  '/company/device': lazy(() => import('../pages/device/device-event-page')),
  '/company/device/:eventId': lazy(() => import('../pages/device/device-cards-page')),
  '/company/profile': lazy(() => import('../pages/profile/profile-page')),
  '/company/tutorial': lazy(() => import('../pages/tutorial/tutorial-browser-page')),
  '/company/tutorial/manage': lazy(() => import('../pages/tutorial/tutorial-manage-page')),
  '/company/tutorial/:tutorialId/view': lazy(() => import('../pages/tutorial/tutorial-view-page')),
  '/company/template': lazy(() => import('../pages/communication/template-list')),
  '/company/template/:id/edit': lazy(() => import('../pages/communication/template-edit')),
  '/company/push-notification': lazy(() => import('../pages/communication/push-notification-page')),
  '/company/communication/planned': lazy(() => import('../pages/communication/planned-list')),
  '/company/batch': lazy(() => import('../pages/batch/batch-page')),
};

export const GenericList = lazy(() => import('../generic/list/generic-list-page'));
export const GenericEdit = lazy(() => import('../generic/form/generic-edit-page'));
export const OwnRecordEdit = lazy(() => import('../generic/form/own-record-edit-page'));
export const AppLayout = lazy(() => import('../layout/app-layout'));
export const SignInPage = lazy(() => import('../pages/auth/sign-in-page'));
export const NotFoundPage = lazy(() => import('../pages/not-found-page'));
