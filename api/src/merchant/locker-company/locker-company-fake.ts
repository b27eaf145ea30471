import type { FakeService } from '../../outside/fake-services';
import { bearerOf, defaultEnv, listenFake, readJson, sendJson } from '../fake-http';
import type { LockerEvent } from '@backoffice/resources';

export const FAKE_LOCKER_COMPANY_TOKEN = 'fake-locker-company-token';

/** An event of the fake with the companies it is linked to; '*' links it to every company (the demo's ids are made at seed time). */
export interface FakeLockerEvent extends LockerEvent {
  linkedTo: '*' | string[];
}

function defaultEvents(): FakeLockerEvent[] {
  const sizes = [
    { id: 'lc-size-s', name: 'Small (fits a backpack)' },
    { id: 'lc-size-l', name: 'Large (fits a suitcase)' },
    { id: 'lc-size-c', name: 'Charging (small, with charger)' },
  ];
  const day = { id: 'lc-period-day', name: 'Day' };
  return [
    { id: 'lc-event-2026', name: 'Festival lockers 2026', startsAt: '2026-06-01T10:00:00Z', endsAt: '2026-09-01T02:00:00Z', linkedTo: '*', sizes, periods: [day, { id: 'lc-period-weekend', name: 'Weekend' }] },
    { id: 'lc-event-city', name: 'City run lockers', startsAt: '2026-04-12T07:00:00Z', endsAt: '2026-04-12T18:00:00Z', linkedTo: '*', sizes: sizes.slice(0, 1), periods: [day] },
    { id: 'lc-event-other', name: 'Another organiser’s festival', startsAt: '2026-07-01T10:00:00Z', endsAt: '2026-07-03T02:00:00Z', linkedTo: ['another-organiser'], sizes, periods: [day] },
  ];
}

const publicEvent = ({ linkedTo: _linkedTo, ...event }: FakeLockerEvent): LockerEvent => event;

/**
 * A local server speaking the Locker Company REST API documented in locker-company-client.ts.
 * Test controls: PUT /_fake/events replaces the events (FakeLockerEvent[]); POST /_fake/reset.
 */
export async function startLockerCompanyFake(expectedToken: string) {
  let events = defaultEvents();
  const server = await listenFake(async (request, response, url) => {
    if (url.pathname === '/_fake/events' && request.method === 'PUT') {
      events = (await readJson(request)) as FakeLockerEvent[];
      return sendJson(response, 200, { ok: true });
    }
    if (url.pathname === '/_fake/reset') {
      events = defaultEvents();
      return sendJson(response, 200, { ok: true });
    }
    if (bearerOf(request) !== expectedToken) return sendJson(response, 401, { error: 'unauthorized' });
    const list = /^\/v1\/companies\/([^/]+)\/events$/.exec(url.pathname);
    if (list && request.method === 'GET') {
      const companyId = decodeURIComponent(list[1]);
      const linked = events.filter((event) => event.linkedTo === '*' || event.linkedTo.includes(companyId));
      return sendJson(response, 200, { events: linked.map(publicEvent) });
    }
    const one = /^\/v1\/events\/([^/]+)$/.exec(url.pathname);
    if (one && request.method === 'GET') {
      const event = events.find((candidate) => candidate.id === decodeURIComponent(one[1]));
      return event ? sendJson(response, 200, { event: publicEvent(event) }) : sendJson(response, 404, { error: 'event-not-found' });
    }
    return sendJson(response, 404, { error: 'not-found' });
  });
  return { url: server.origin, close: server.close };
}

export const lockerCompanyFakeService: FakeService = {
  name: 'Locker Company',
  urlVariable: 'LOCKER_COMPANY_URL',
  async start() {
    const removeDefaults = defaultEnv({ LOCKER_COMPANY_TOKEN: FAKE_LOCKER_COMPANY_TOKEN });
    const fake = await startLockerCompanyFake(process.env.LOCKER_COMPANY_TOKEN!);
    return {
      url: fake.url,
      async close() {
        await fake.close();
        removeDefaults();
      },
    };
  },
};
