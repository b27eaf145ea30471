import { type APIRequestContext, expect, request } from '@playwright/test';
import { signInFor } from './fixtures';

export type Doc = Record<string, unknown> & { _id?: string };

/** An API request context signed in as a demo role, with its bearer token on every request. */
export async function signedInContext(role: string, baseURL: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL });
  const { email, password } = signInFor(role);
  const response = await anonymous.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `API sign-in of ${role}`).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await anonymous.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

/** An 8 x 8 PNG. */
export const SMALL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwXlWOFTEMLQkAJbdVAbuCg2sAAAAASUVORK5CYII=';

/** A bearer-token API client for one demo role: seeds the records a spec needs. */
export class Api {
  private constructor(private readonly context: APIRequestContext) {}

  static async as(role: string, baseURL: string): Promise<Api> {
    return new Api(await signedInContext(role, baseURL));
  }

  async create(model: string, body: Doc): Promise<Doc> {
    const response = await this.context.post(`/api/company/model/${model}`, { data: body });
    expect(response.status(), `create ${model}: ${await response.text()}`).toBe(201);
    return (await response.json()) as Doc;
  }

  async get(model: string, id: string): Promise<{ status: number; body: Doc }> {
    const response = await this.context.get(`/api/company/model/${model}/${id}`);
    return { status: response.status(), body: (await response.json().catch(() => ({}))) as Doc };
  }

  async list(model: string, query = ''): Promise<{ rows: Doc[]; total: number }> {
    const response = await this.context.get(`/api/company/model/${model}?${query}`);
    expect(response.status(), `list ${model}?${query}: ${await response.text()}`).toBe(200);
    return { rows: (await response.json()) as Doc[], total: Number(response.headers()['x-total-count']) };
  }

  async update(model: string, id: string, body: Doc): Promise<Doc> {
    const response = await this.context.patch(`/api/company/model/${model}/${id}`, { data: body });
    expect(response.status(), `update ${model} ${id}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Doc;
  }

  /** A record action of the API: archive, unarchive or duplicate (which answers the copy). */
  async action(model: string, id: string, action: 'archive' | 'unarchive' | 'duplicate'): Promise<Doc> {
    const response = await this.context.post(`/api/company/model/${model}/${id}/${action}`);
    expect(response.ok(), `${action} ${model} ${id}: ${await response.text()}`).toBe(true);
    return (await response.json().catch(() => ({}))) as Doc;
  }

  /** A small image uploaded for this role's company, as a record's image field must hold: its id. */
  async uploadImage(): Promise<string> {
    const response = await this.context.post('/api/image', { multipart: { file: { name: 'image.png', mimeType: 'image/png', buffer: Buffer.from(SMALL_PNG, 'base64') } } });
    expect(response.status(), `upload an image: ${await response.text()}`).toBe(201);
    return String(((await response.json()) as Doc)._id);
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}

/** A name unique to this run and test, so parallel workers never collide. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** An event with two timeslots: one of kind 'mux', one holding a guest. */
export async function seedTimeslots(api: Api, label: string) {
  const event = await api.create('event', { name: { full: `${label} event` } });
  const users = await api.list('user', '_start=0&_end=1');
  const userId = String(users.rows[0]._id);
  const guest = await api.create('eventGuest', { eventRef: { eventId: event._id }, userRef: { userId } });
  const base = { eventRef: { eventId: event._id }, count: { number: 40 } };
  const mux = await api.create('timeslot', { ...base, name: { full: `${label} mux` }, kind: 'mux', start: { unix: now() + 3600 }, end: { unix: now() + 7200 } });
  const full = await api.create('timeslot', { ...base, name: { full: `${label} with guests` }, start: { unix: now() + 7200 }, end: { unix: now() + 10800 }, eventGuestRef: [{ eventGuestId: guest._id }] });
  return { event, mux, full, guest };
}

/** A mail from a template to a user, delivered then opened: three history entries. */
export async function seedMail(api: Api, subject: string) {
  const users = await api.list('user', '_start=0&_end=1');
  const user = users.rows[0];
  const t = now();
  const entry = (id: string, at: number) => ({ id, put: { at: { unix: at, date: new Date(at * 1000).toISOString() } } });
  return api.create('communicationMail', {
    subject,
    to: [{ name: 'Mail Receiver', email: 'receiver@demo.test', userRef: { userId: user._id } }],
    state: { id: 'mg-opened', put: { at: { unix: t, date: new Date(t * 1000).toISOString() } } },
    stateHistory: [entry('created', t - 120), entry('mg-delivered', t - 60), entry('mg-opened', t)],
  });
}
