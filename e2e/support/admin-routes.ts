import { allResources } from '@backoffice/resources';
import type { Api, Doc } from './api';

/**
 * Every route of the admin (the spec's company route list, part 2 section 1, and every definition's list and edit
 * screen), each with the ids of records of the demo company filled in.
 */
const SPEC_ROUTES = [
  '/company/dashboard',
  '/company/init',
  '/company/profile',
  '/company/admin',
  '/company/user',
  '/company/user/:user/edit',
  '/company/location',
  '/company/location/:location/edit',
  '/company/device',
  '/company/device/:event',
  '/company/merchant',
  '/company/merchant/:merchant/edit',
  '/company/merchant/:merchant/live',
  '/company/merchant/:merchant/live-register',
  '/company/merchant/product',
  '/company/merchant/:productMerchant/product/:product/edit',
  '/company/tutorial',
  '/company/tutorial/:tutorial/view',
  '/company/template',
  '/company/template/:template/edit',
  '/company/communication/mail',
  '/company/communication/sms',
  '/company/communication/planned',
  '/company/timeslot',
  '/company/event/:timeslotEvent/module-timeslot/:timeslot/edit',
  '/company/batch',
  '/company/push-notification',
  '/company/finance/transaction',
  '/company/finance/payment',
  '/company/finance/payment/refund',
  '/company/model/user/import',
  '/company/model/user/import/patch',
  '/company/model/user/patch',
  '/company/model/user/export',
  '/company/event',
  '/company/event/create/edit',
];

/** The generated list and edit screens of the definitions. */
function definitionRoutes(): string[] {
  return allResources()
    .filter((def) => def.screens?.route && def.scope !== 'platform')
    .flatMap((def) => [def.screens!.route!, `${def.screens!.route!}/:${def.name}/edit`]);
}

/** Every route pattern, once. */
export function adminRoutePatterns(): string[] {
  return [...new Set([...SPEC_ROUTES, ...definitionRoutes()])];
}

const first = async (api: Api, model: string): Promise<Doc | undefined> => (await api.list(model, '_start=0&_end=1')).rows[0];

/** The ids a route pattern names, from the company's records. */
export async function routeIds(api: Api): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const def of allResources().filter((resource) => resource.screens?.route && resource.scope !== 'platform')) {
    const record = await first(api, def.name).catch(() => undefined);
    if (record?._id) ids[def.name] = String(record._id);
  }
  const product = (await first(api, 'product')) as { _id: string; merchantRef?: { merchantId?: string } } | undefined;
  if (product?.merchantRef?.merchantId) ids.productMerchant = product.merchantRef.merchantId;
  const timeslot = (await first(api, 'timeslot')) as { _id: string; eventRef?: { eventId?: string } } | undefined;
  if (timeslot?.eventRef?.eventId) ids.timeslotEvent = timeslot.eventRef.eventId;
  return ids;
}

/** A route with its ids, or null when the company holds no record for one of them. */
export function fillRoute(pattern: string, ids: Record<string, string>): string | null {
  let missing = false;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (!ids[name]) missing = true;
    return ids[name] ?? '';
  });
  return missing ? null : path;
}
