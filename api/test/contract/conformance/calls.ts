import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { newId } from '../../../src/common/object-id';
import { type Role, type TestApp, bearer } from '../../support/test-app';

/** One request to the API, as a test may send it again with a change (another role, no session, another company). */
export interface Call {
  operationId: string;
  /** the concrete path, ids filled in */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** who sends it: a staff member of company a by role (default super), or nobody */
  role?: Role | null;
  /** a session of its own instead of the role's (a sign-out ends the session it is sent with) */
  token?: string;
  headers?: Record<string, string>;
  /** a multipart upload instead of a JSON body */
  file?: { field: string; content: Buffer; name: string };
  /** what must happen just before the call, and be undone after it (the state a refusal needs) */
  before?: () => Promise<void>;
  after?: () => Promise<void>;
  /** environment variables set while the call runs (an outside service switched off or unreachable) */
  env?: Record<string, string>;
  /** the status the call is made to show */
  expect: number;
  /** make the refusals every operation can show from this call, though it succeeds not (an operation that never does) */
  derive?: boolean;
}

export type MethodOf = (operationId: string) => string;

/** Sends a call through supertest. */
export async function send(t: TestApp, method: string, call: Call): Promise<Response> {
  const before = Object.fromEntries(Object.keys(call.env ?? {}).map((name) => [name, process.env[name]]));
  Object.assign(process.env, call.env);
  await call.before?.();
  try {
    return await request(t, method, call);
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await call.after?.();
  }
}

async function request(t: TestApp, method: string, call: Call): Promise<Response> {
  let request = t.http[method as 'get'](call.path);
  if (call.query) request = request.query(call.query);
  const role = call.role === undefined ? 'super' : call.role;
  const token = call.token ?? (role && (await t.token(role)));
  if (token) request = request.set(bearer(token));
  for (const [name, value] of Object.entries(call.headers ?? {})) request = request.set(name, value);
  if (call.file) return request.attach(call.file.field, call.file.content, call.file.name);
  return call.body === undefined ? request : request.send(call.body as object);
}

/** A request whose JSON body is `length` bytes (spaces, streamed a megabyte at a time): one larger than a route takes. */
export async function sendOversized(t: TestApp, method: string, call: Call, length: number): Promise<Pick<Response, 'status' | 'headers' | 'text' | 'body'>> {
  const server = t.app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const token = call.token ?? (await t.token(call.role ?? 'super'));
  const chunk = Buffer.alloc(1024 * 1024, ' ');
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: method.toUpperCase(), path: call.path, headers: { ...bearer(token), 'Content-Type': 'application/json', 'Content-Length': String(length) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part) => (text += part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, text, body: text ? JSON.parse(text) : undefined }));
    });
    request.on('error', reject);
    const write = (left: number): void => {
      if (left <= 0) return void request.end();
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      if (request.write(part)) write(left - part.length);
      else request.once('drain', () => write(left - part.length));
    };
    write(length);
  });
}

/** The refusals every signed-in call can show, made from one call of the operation that succeeds. */
export function sharedRefusals(call: Call, companies: TestApp['companies']): Call[] {
  const plain = { ...call, before: undefined, after: undefined, token: undefined };
  return [
    { ...plain, role: null, expect: 401 },
    { ...plain, role: 'company', headers: { ...call.headers, 'X-Company-Id': companies.b }, expect: 403 },
    { ...plain, role: 'super', headers: { ...call.headers, 'X-Company-Id': newId() }, expect: 404 },
  ];
}

/** A call that breaks the input checks every route has: a query key that would reach an object's prototype. */
export const hygieneRefusal = (call: Call): Call => ({ ...call, before: undefined, after: undefined, query: { ...call.query, 'a.__proto__': '1' }, expect: 400 });
