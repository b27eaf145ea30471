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
 * reads the answer's first `keptBytes` only.
 */
export function postToEndpoint(url: string, headers: Record<string, string>, body: string, options: { lookup: LookupFunction; signal: AbortSignal; keptBytes: number }): Promise<EndpointAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, lookup: options.lookup, signal: options.signal }, (response) => {
      const kept: Buffer[] = [];
      let size = 0;
      const answered = () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(kept).toString('utf8').slice(0, options.keptBytes) });
      response.on('data', (chunk: Buffer) => {
        kept.push(chunk);
        size += chunk.length;
        // what is kept is in: the rest is not read (an endpoint cannot hold the delivery by answering without end)
        if (size >= options.keptBytes) {
          response.destroy();
          answered();
        }
      });
      response.on('end', answered);
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
