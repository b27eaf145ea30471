import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeHandler = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void> | void;

/** A local HTTP server on a free port of 127.0.0.1 for a fake outside service. */
export async function listenFake(handler: FakeHandler): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    Promise.resolve(handler(request, response, url)).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: error instanceof Error ? error.message : String(error) });
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('invalid-json');
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

export const bearerOf = (request: IncomingMessage) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** Sets environment defaults the fake needs (token, ids) when they are unset; returns a function removing them again. */
export function defaultEnv(values: Record<string, string>, env: NodeJS.ProcessEnv = process.env): () => void {
  const set = Object.keys(values).filter((name) => !env[name]);
  for (const name of set) env[name] = values[name];
  return () => {
    for (const name of set) delete env[name];
  };
}
