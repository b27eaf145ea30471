import type { HttpError } from '@refinedev/core';
import { selectedCompanyId } from './company-store';

export interface ApiFieldError {
  field: string;
  message: string;
}

export interface ApiRequest {
  method?: string;
  body?: unknown;
  query?: string | URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'include' asks apart from a preload of the same URL (a preload carries no headers, fetch would take it) */
  credentials?: RequestCredentials;
  /** a POST that changes nothing (a preview, a count) */
  readsOnly?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

/** The error shape Refine expects, with the API's field errors keyed by path so forms can show them. */
export function toHttpError(status: number, body: unknown): HttpError {
  const parsed = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: ApiFieldError[] };
  const message = Array.isArray(parsed.message) ? parsed.message.join(', ') : typeof parsed.message === 'string' ? parsed.message : `Request failed (${status})`;
  const errors: Record<string, string[]> = {};
  for (const entry of Array.isArray(parsed.errors) ? parsed.errors : []) {
    if (!entry || typeof entry.field !== 'string') continue;
    (errors[entry.field] ??= []).push(String(entry.message));
  }
  return { message, statusCode: status, errors: Object.keys(errors).length ? errors : undefined, apiErrors: parsed.errors ?? [], body: parsed };
}

const writeListeners = new Set<() => void>();

/**
 * Calls `listener` after every write through `api` (the domain endpoints: a batch add, an action on a person, a
 * tab's own save), whose changes the records on screen do not know yet; returns how to stop.
 */
export function onDomainWrite(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** A random key for one action: crypto.randomUUID needs a secure context, getRandomValues does not. */
export function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Same-origin fetch with the session cookie and the chosen company; throws an HttpError on failure. Each write
 * carries a fresh Idempotency-Key, which the API's money and message writes honour.
 */
export async function api<T = unknown>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...(method !== 'GET' && { 'Idempotency-Key': idempotencyKey() }), ...request.headers };
  const companyId = selectedCompanyId();
  if (companyId) headers['X-Company-Id'] = companyId;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const query = request.query ? `${path.includes('?') ? '&' : '?'}${request.query.toString()}` : '';
  let response: Response;
  try {
    response = await fetch(path + query, { method, headers, body, credentials: request.credentials ?? 'same-origin', signal: request.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw { message: 'Could not reach the server', statusCode: 0 } satisfies HttpError;
  }
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = text;
  if (text && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw toHttpError(response.status, data);
  if (method !== 'GET' && !request.readsOnly) for (const listener of writeListeners) listener();
  return { data: data as T, headers: response.headers, status: response.status };
}

/** Hands a file to the browser's downloads. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a download answer gives in Content-Disposition (the UTF-8 form first). */
export function dispositionFileName(disposition: string | null): string | null {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? null;
}

/**
 * Downloads a file the API serves by GET (with the company header a super admin's company switch needs), under
 * `fileName` or else the name the API gives.
 */
export async function downloadFile(url: string, fileName?: string, fallbackName = 'download'): Promise<string> {
  const companyId = selectedCompanyId();
  const response = await fetch(url, { credentials: 'same-origin', headers: companyId ? { 'X-Company-Id': companyId } : {} });
  if (!response.ok) throw toHttpError(response.status, await response.json().catch(() => ({})));
  const name = fileName ?? dispositionFileName(response.headers.get('content-disposition')) ?? fallbackName;
  downloadBlob(await response.blob(), name);
  return name;
}
