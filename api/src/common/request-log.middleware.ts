import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * One JSON line per request: id, method, route, status and time. The query string and bodies are
 * left out on purpose: they may hold passwords, tokens or bank account numbers.
 */
export function requestLog(enabled: boolean) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const id = (typeof request.headers['x-request-id'] === 'string' && /^[\w-]{1,64}$/.test(request.headers['x-request-id']) && request.headers['x-request-id']) || randomUUID();
    response.setHeader('X-Request-Id', id);
    if (enabled) {
      response.on('finish', () => {
        const route = request.route?.path ? `${request.baseUrl}${request.route.path}` : request.path;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), id, method: request.method, route, status: response.statusCode, ms: Math.round(ms * 10) / 10 })}\n`);
      });
    }
    next();
  };
}
