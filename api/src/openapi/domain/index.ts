import { ACTIVITY_OPERATIONS } from '../../history/history.operations';
import { SAVED_VIEW_OPERATIONS } from '../../saved-views/saved-views.operations';
import { SEARCH_OPERATIONS } from '../../search/search.operations';
import { WEBHOOK_OPERATIONS } from '../../webhooks/webhooks.operations';
import { AUTH_OPERATIONS } from './auth';
import { BATCH_OPERATIONS } from './batch';
import { COMMUNICATION_OPERATIONS } from './communication';
import { COMPANY_SCREEN_OPERATIONS } from './company-screens';
import { FINANCE_OPERATIONS } from './finance';
import { HEALTH_OPERATIONS } from './health';
import { IMAGE_OPERATIONS } from './images';
import { MERCHANT_OPERATIONS } from './merchant';
import type { DomainOperation } from './operations';
import { USER_OPERATIONS } from './users';

export { type DomainOperation, routeKey } from './operations';

/**
 * The contract of every route beside the routes of every model: one file per domain, here or beside the domain's
 * module (`{domain}.operations.ts`), each added here.
 */
export const DOMAIN_OPERATIONS: readonly DomainOperation[] = [
  ...AUTH_OPERATIONS,
  ...HEALTH_OPERATIONS,
  ...IMAGE_OPERATIONS,
  ...COMPANY_SCREEN_OPERATIONS,
  ...MERCHANT_OPERATIONS,
  ...FINANCE_OPERATIONS,
  ...USER_OPERATIONS,
  ...COMMUNICATION_OPERATIONS,
  ...BATCH_OPERATIONS,
  ...ACTIVITY_OPERATIONS,
  ...SEARCH_OPERATIONS,
  ...SAVED_VIEW_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
];
