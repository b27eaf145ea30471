import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** What an endpoint answered: its status and the start of its body. */
export interface EndpointAnswer {
  status: number;
  body: string;
}

/**
 * POSTs `body` to `url` through `lookup` (the connection's DNS lookup, guardedLookup), following no redirect, and
 * keeps the first `keptBytes` of the answer.
 */
export function postToEndpoint(url: string, headers: Record<string, string>, body: string, options: { lookup: LookupFunction; signal: AbortSignal; keptBytes: number }): Promise<EndpointAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, lookup: options.lookup, signal: options.signal }, (response) => {
      const kept: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < options.keptBytes) kept.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(kept).toString('utf8').slice(0, options.keptBytes) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
