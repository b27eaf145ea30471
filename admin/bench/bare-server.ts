/// <reference types="node" />
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from './api-stack.js';

type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
interface ExpressApp {
  use: (...handlers: (string | Handler)[]) => void;
  listen: (port: number, done: () => void) => { close: () => void };
}

/**
 * Serves the bare Refine page's build with the API's own code for the admin's files (the same brotli copies and
 * cache headers), and passes /api on to the API: the page calls the same API on an origin of its own.
 */
export async function serveBarePage(root: string, dir: string, apiURL: string): Promise<{ baseURL: string; stop: () => void }> {
  const require = createRequire(import.meta.url);
  const express = require('express') as () => ExpressApp;
  const { serveAdmin } = require(join(root, 'api/dist/src/common/admin-assets.js')) as { serveAdmin: (app: ExpressApp, dir: string) => void };
  const api = new URL(apiURL);
  const app = express();
  app.use('/api', (request, response) => {
    const upstream = httpRequest({ host: api.hostname, port: api.port, path: `/api${request.url}`, method: request.method, headers: { ...request.headers, host: api.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(upstream);
  });
  serveAdmin(app, dir);
  const port = await freePort();
  const server = await new Promise<{ close: () => void }>((resolve) => {
    const listening = app.listen(port, () => resolve(listening));
  });
  return { baseURL: `http://localhost:${port}`, stop: () => server.close() };
}
