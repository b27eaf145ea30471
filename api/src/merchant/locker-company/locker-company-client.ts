import type { LockerEvent } from '@backoffice/resources';
import { retryAfterSeconds } from '../../outside/retry-after';
import { lockerCompanyConfig, outsideTimeoutMs } from '../merchant-config';

/**
 * The Locker Company's REST API as this client uses it (documented here; the local fake speaks the same):
 *
 *   GET {LOCKER_COMPANY_URL}/v1/companies/{companyId}/events   200 {"events": [LockerEvent, ...]}  events linked to the company
 *   GET {LOCKER_COMPANY_URL}/v1/events/{eventId}               200 {"event": LockerEvent}          404 {"error": "event-not-found"}
 *   Either may answer 429 with Retry-After when called too often.
 *
 *   LockerEvent = {"id", "name", "startsAt", "endsAt" (ISO 8601), "sizes": [{"id", "name"}], "periods": [{"id", "name"}]}
 *
 * Requests carry "Authorization: Bearer {LOCKER_COMPANY_TOKEN}"; 401 means the token is refused.
 * The Locker Company links an event to an organiser by our company id: an event is linked to a company when it is in
 * that company's event list.
 */


export class LockerCompanyError extends Error {
  constructor(
    readonly problem: 'not-configured' | 'unauthorized' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export class LockerCompanyClient {
  /** The events the Locker Company has linked to a company. */
  async eventsOf(companyId: string): Promise<LockerEvent[]> {
    const body = await this.get<{ events?: LockerEvent[] }>(`/v1/companies/${encodeURIComponent(companyId)}/events`);
    return Array.isArray(body?.events) ? body.events : [];
  }

  /** One event by id, or null when the Locker Company does not know it. */
  async event(eventId: string): Promise<LockerEvent | null> {
    const body = await this.get<{ event?: LockerEvent }>(`/v1/events/${encodeURIComponent(eventId)}`, true);
    return body?.event ?? null;
  }

  private async get<T>(path: string, missingIsNull = false): Promise<T | null> {
    const { url, token } = lockerCompanyConfig();
    if (!url) throw new LockerCompanyError('not-configured', 'The Locker Company is not configured: set LOCKER_COMPANY_URL');
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        headers: { Accept: 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
        signal: AbortSignal.timeout(outsideTimeoutMs()),
      });
    } catch (error) {
      throw new LockerCompanyError('unavailable', `Could not reach the Locker Company: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status === 404 && missingIsNull) return null;
    if (response.status === 401) throw new LockerCompanyError('unauthorized', 'The Locker Company refused the API token (401): check LOCKER_COMPANY_TOKEN');
    if (response.status === 429) throw new LockerCompanyError('unavailable', `The Locker Company is busy (429): try again in ${retryAfterSeconds(response.headers.get('Retry-After')) ?? 'a few'} seconds`);
    if (!response.ok) throw new LockerCompanyError('unavailable', `The Locker Company answered ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new LockerCompanyError('unavailable', 'The Locker Company answered something other than JSON');
    }
  }
}
