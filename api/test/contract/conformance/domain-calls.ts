import type { TestApp } from '../../support/test-app';
import type { Call } from './calls';
import { batchCalls, communicationCalls } from './domain/communication';
import { companyScreenCalls } from './domain/company-screens';
import { financeCalls } from './domain/finance';
import { merchantCalls } from './domain/merchant';
import { signInAndImageCalls } from './domain/sign-in-and-images';
import { userCalls } from './domain/users';
import { webhookCalls } from './domain/webhooks';
import type { ModelRecords } from './model-calls';

/** The calls of every domain route: its success and the refusals of its own, made on records made for them. */
export async function domainCalls(t: TestApp, records: ModelRecords): Promise<Call[]> {
  const world = { t, records };
  const calls: Call[] = [];
  for (const domain of [signInAndImageCalls, companyScreenCalls, merchantCalls, financeCalls, userCalls, communicationCalls, batchCalls, webhookCalls]) calls.push(...(await domain(world)));
  return calls;
}
