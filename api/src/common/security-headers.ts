import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { isApiPath } from './admin-assets';

/**
 * The admin's pages and assets, and the API's own docs page: helmet's full set for documents. Images may also come
 * over https from elsewhere: the map's tiles, from the server the installation (MAP_TILE_URL) or the company
 * (settings.map.tileUrl, https only) chose; scripts, styles and connections stay on this origin.
 */
const documentHeaders = helmet({
  contentSecurityPolicy: {
    directives: { 'img-src': ["'self'", 'data:', 'blob:', 'https:'], 'script-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"] },
  },
});

/**
 * API answers are data, never pages: the headers OWASP's REST security guidance names for them (nothing may run,
 * frame or embed them), set in one pass. Helmet's thirteen, a middleware step each, are meant for documents.
 */
const API_HEADERS: readonly [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

const isDocsPath = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/') || path.startsWith('/api/docs-');

export const securityHeaders: RequestHandler = (request: Request, response: Response, next: NextFunction) => {
  if (!isApiPath(request.path) || isDocsPath(request.path)) return documentHeaders(request, response, next);
  for (const [name, value] of API_HEADERS) response.setHeader(name, value);
  next();
};
