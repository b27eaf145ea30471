import { existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { type NextFunction, type Request, type Response, static as serveStatic } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { findResource, mayAct } from '@backoffice/resources';
import { requestToken } from '../auth/request-token';
import { SessionService } from '../auth/session.service';
import { firstReadAt, indexForVisits, type MayRead } from './route-preloads';

/** Hashed build files never change under their name: a year, immutable. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the hashed files of the current build: always asked again. */
const INDEX_CACHE = 'no-cache';
const ENCODINGS: readonly [string, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/** The pre-compressed copy the request accepts (made at build time beside the file), or null. */
function compressedCopy(request: Request, file: string): [string, string] | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  for (const [encoding, suffix] of ENCODINGS) {
    if (accepted.includes(encoding) && existsSync(file + suffix)) return [encoding, file + suffix];
  }
  return null;
}

function sendFile(request: Request, response: Response, file: string, cacheControl: string): void {
  const copy = compressedCopy(request, file);
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('Vary', 'Accept-Encoding');
  response.type(extname(file));
  if (copy) response.setHeader('Content-Encoding', copy[0]);
  response.sendFile(copy ? copy[1] : file, { cacheControl: false, lastModified: false });
}

/** Why the admin cannot be served from this folder (where it looked, how to build it), or null when it can. */
export function missingAdminMessage(adminDir: string): string | null {
  const index = join(adminDir, 'index.html');
  if (existsSync(index)) return null;
  return `The admin is not built: ${index} does not exist. Build it with \`npm run build\` (or \`npm run build -w admin\`), or point ADMIN_DIR at a built admin; the API at /api works meanwhile.`;
}

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A path under /assets as a file name, or null when it is not one (malformed escapes). */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** What the session behind `token` may read, as the API decides it for the session's own company; undefined without one. */
async function readerOf(sessions: SessionService, token: string): Promise<MayRead | undefined> {
  const session = await sessions.resolve(token);
  if (!session) return undefined;
  const { rights, access } = sessions.actorOf(session, session.companyId);
  return (model) => {
    const def = findResource(model);
    return !!def && mayAct(def, 'read', rights, access);
  };
}

/**
 * The built admin on the API's origin: `/assets/*` (content-hashed names) cached for a year, in the brotli or gzip
 * copy the build made; every other GET outside /api answers index.html, never cached, naming the files of the
 * visit's route and what its screen reads first (route-preloads.ts). Other files of the build (a favicon) are served as they are, for an hour.
 * Without a build, pages answer 503 saying how to make one.
 */
export function serveAdmin(app: NestExpressApplication, adminDir: string): void {
  const index = join(adminDir, 'index.html');
  const missing = missingAdminMessage(adminDir);
  if (missing) {
    app.use((request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' || isApiPath(request.path)) return next();
      response.status(503).type('text/plain').send(missing);
    });
    return;
  }
  const assets = join(adminDir, 'assets');
  app.use('/assets', (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const path = decodedPath(request.path);
    const file = path === null ? '' : normalize(join(assets, path));
    // a missing hashed file is a 404, not index.html: a stale page must not run HTML as a script
    if (!file.startsWith(`${assets}/`) || !existsSync(file)) return response.status(404).end();
    sendFile(request, response, file, HASHED_CACHE);
  });
  // API requests skip it: it would look for each of them on disk first
  const buildFiles = serveStatic(adminDir, { index: false, maxAge: '1h' });
  app.use((request: Request, response: Response, next: NextFunction) => (isApiPath(request.path) ? next() : buildFiles(request, response, next)));
  const visitIndex = indexForVisits(adminDir);
  const sessions = app.get(SessionService);
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || isApiPath(request.path)) return next();
    if (!visitIndex) return sendFile(request, response, index, INDEX_CACHE);
    const token = requestToken(request);
    const signedIn = token?.via === 'cookie';
    const queryAt = request.originalUrl.indexOf('?');
    const firstRead = signedIn ? firstReadAt(request.path, queryAt < 0 ? '' : request.originalUrl.slice(queryAt)) : undefined;
    // the session is looked up only for a visit whose screen reads something the page can ask for
    const reader = firstRead && token ? readerOf(sessions, token.token) : Promise.resolve(undefined);
    reader
      .then((mayRead) => {
        response.setHeader('Cache-Control', INDEX_CACHE);
        response.setHeader('Vary', 'Cookie');
        response.type('html').send(visitIndex(request.path, signedIn, mayRead && firstRead ? firstRead(mayRead) : null));
      })
      .catch(next);
  });
}
