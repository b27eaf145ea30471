import { auditLog } from './models/audit-log';
import { communicationMail } from './models/communication-mail';
import { communicationSms } from './models/communication-sms';
import { company } from './models/company';
import { companyUpdate } from './models/company-update';
import { event } from './models/event';
import { eventGuest } from './models/event-guest';
import { image } from './models/image';
import { invoiceExport } from './models/invoice-export';
import { location } from './models/location';
import { merchant } from './models/merchant';
import { page } from './models/page';
import { payment } from './models/payment';
import { product } from './models/product';
import { pushToken } from './models/push-token';
import { registerTerminal } from './models/register-terminal';
import { savedView } from './models/saved-view';
import { template } from './models/template';
import { timeslot } from './models/timeslot';
import { transaction } from './models/transaction';
import { tutorial } from './models/tutorial';
import { user } from './models/user';
import { video } from './models/video';
import { webhook } from './models/webhook';
import { workerTask } from './models/worker-task';
import type { ResourceDef } from './types';

/** Every model of the product. Adding a model is one file in models/ and one line here. */
export const RESOURCES: readonly ResourceDef[] = [
  company,
  user,
  companyUpdate,
  page,
  event,
  eventGuest,
  timeslot,
  video,
  location,
  merchant,
  registerTerminal,
  product,
  payment,
  transaction,
  communicationMail,
  communicationSms,
  template,
  workerTask,
  tutorial,
  pushToken,
  image,
  auditLog,
  invoiceExport,
  webhook,
  savedView,
];

const byName = new Map<string, ResourceDef>();

export function registerResource(def: ResourceDef): void {
  byName.set(def.name, def);
}

for (const def of RESOURCES) registerResource(def);

export function findResource(name: string): ResourceDef | undefined {
  return byName.get(name);
}

export function allResources(): ResourceDef[] {
  return [...byName.values()];
}
