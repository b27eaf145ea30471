import { expoPushFakeService } from '../communication/channels/expo-push-fake';
import { mailgunFakeService } from '../communication/channels/mailgun-fake';
import { smsFakeService } from '../communication/channels/sms-fake';
import { paynlFakeService } from '../finance/paynl/paynl-fake';
import { aiImageFakeService } from '../merchant/ai-image/ai-image-fake';
import { lockerCompanyFakeService } from '../merchant/locker-company/locker-company-fake';
import { moneybirdFakeService } from '../merchant/moneybird/moneybird-fake';
import { OUTSIDE_SERVICES, serviceEnabled } from '../settings/outside-services';
import { isProduction } from '../settings/read-settings';

/**
 * Local fake servers that speak an outside service's HTTP API. When the service's URL variable is not
 * set, the start command and the tests start the fake and point the real client at it, so the real
 * client code runs everywhere and nothing reaches the internet.
 */
export interface FakeService {
  name: string;
  /** the environment variable holding the service's base URL */
  urlVariable: string;
  start(): Promise<{ url: string; close(): Promise<void> }>;
}

/** Every outside service's fake; each domain adds its own here. */
export const FAKE_SERVICES: FakeService[] = [paynlFakeService, moneybirdFakeService, lockerCompanyFakeService, aiImageFakeService, mailgunFakeService, smsFakeService, expoPushFakeService];

const serviceWithUrl = (variable: string) => OUTSIDE_SERVICES.find((service) => service.urlVariable === variable)!;

/**
 * Starts the fakes of the services that are on without a configured URL and sets their URL variables.
 * Never in production, where a service is configured or switched off.
 */
export async function startMissingFakes(env: NodeJS.ProcessEnv = process.env): Promise<() => Promise<void>> {
  if (isProduction(env)) throw new Error('Fakes of outside services never run in production');
  const running: { variable: string; close(): Promise<void> }[] = [];
  for (const service of FAKE_SERVICES) {
    if (env[service.urlVariable] || !serviceEnabled(serviceWithUrl(service.urlVariable).id, env)) continue;
    const fake = await service.start();
    env[service.urlVariable] = fake.url;
    running.push({ variable: service.urlVariable, close: fake.close });
  }
  return async () => {
    await Promise.all(running.map((fake) => fake.close()));
    for (const fake of running) delete env[fake.variable];
  };
}
