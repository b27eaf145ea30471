import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allResources, MODEL_API_PATH, openingListRequest, type ResourceDef } from '@backoffice/resources';

/** The admin build's `route-chunks.json` (admin/build/route-chunks.ts): the files each kind of page needs. */
interface RouteChunks {
  signIn: string[];
  frame: string[];
  routes: Record<string, string[]>;
  edit: string[];
  list: string[];
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The files of the custom route `pathname` matches; of several, the one with the most fixed segments (React Router's rank). */
function customRoute(routes: RouteChunks['routes'], pathname: string): string[] | undefined {
  const parts = segments(pathname);
  let best: { files: string[]; fixed: number } | undefined;
  for (const [route, files] of Object.entries(routes)) {
    const pattern = segments(route);
    if (pattern.length !== parts.length || !pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i])) continue;
    const fixed = pattern.filter((segment) => !segment.startsWith(':')).length;
    if (!best || fixed > best.fixed) best = { files, fixed };
  }
  return best?.files;
}

/**
 * The admin's files a visit to `pathname` needs beyond the entry's, as the admin decides them once it runs
 * (pageOf and preloadRoute in admin/src/app/pages.ts): the sign-in page without a session, else the signed-in frame
 * and the route's page.
 */
export function routeFiles(chunks: RouteChunks, pathname: string, signedIn: boolean): string[] {
  if (pathname.startsWith('/menu/')) return [];
  if (!signedIn || pathname.startsWith('/login')) return chunks.signIn;
  const page = customRoute(chunks.routes, pathname) ?? (pathname.endsWith('/edit') ? chunks.edit : pathname.startsWith('/company/') ? chunks.list : []);
  return [...chunks.frame, ...page];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Links that have the browser fetch `files` while it loads the entry: scripts as module preloads, stylesheets as preloads. */
function preloadLinks(files: string[]): string {
  return files
    .map((file) => {
      const href = escapeAttribute(`/${file}`);
      return file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${href}">` : `<link rel="modulepreload" crossorigin href="${href}">`;
    })
    .join('');
}

/** The definitions with screens, by the route of their list screen. */
let screens: Map<string, ResourceDef> | undefined;
const screenAt = (route: string) => (screens ??= new Map(allResources().flatMap((def) => (def.screens?.route ? [[def.screens.route, def] as const] : [])))).get(route);

/** An edit screen's path: the definition's route, a record id, `/edit`. */
const EDIT_SCREEN = /^(\/.+)\/([0-9a-f]{24})\/edit$/;

/**
 * What the first screen of a visit to `pathname` reads first, given what its reader may read: a list screen's first
 * page (list-opening.ts), or an edit screen's record (`{route}/{id}/edit`, read as the admin's forms read it);
 * undefined when the screen reads nothing the server can name before the admin's code runs.
 */
export function firstReadAt(pathname: string, search: string): ((mayRead: MayRead) => string | null) | undefined {
  const list = search ? undefined : screenAt(pathname);
  if (list?.list.opening === false) return undefined;
  if (list) return (mayRead) => openingListRequest(list, mayRead);
  const [, route, id] = EDIT_SCREEN.exec(pathname) ?? [];
  const edited = route ? screenAt(route) : undefined;
  if (edited) return (mayRead) => (mayRead(edited.name) ? `${MODEL_API_PATH}/${edited.name}/${id}` : null);
  return undefined;
}

/**
 * A link that has the browser ask for `request` while it loads the scripts; the admin takes its answer for its first
 * screen (admin/src/providers/answers-ahead.ts), marked so it knows it from the rest.
 */
const requestLink = (request: string) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(request)}" data-answer-ahead>`;

/** Whether the signed-in visitor may read a model, as the API decides it for their session. */
export type MayRead = (model: string) => boolean;

/**
 * index.html for a visit: with the build's route chunks, the page names the files its route needs, so the browser
 * fetches them beside the entry's (a cold list route otherwise waited about half a second for them, six at a time,
 * after the entry had run). `firstRead`, what the visit's screen reads first for its reader (`firstReadAt`), is asked
 * for too: the admin's own request would only leave once its code has run (about 0.6 s into a cold visit). Null when
 * the build wrote no route-chunks.json.
 */
export function indexForVisits(adminDir: string): ((pathname: string, signedIn: boolean, firstRead: string | null) => string) | null {
  const manifest = join(adminDir, 'route-chunks.json');
  if (!existsSync(manifest)) return null;
  const chunks = JSON.parse(readFileSync(manifest, 'utf8')) as RouteChunks;
  const index = readFileSync(join(adminDir, 'index.html'), 'utf8');
  const headEnd = index.indexOf('</head>');
  if (headEnd < 0) return null;
  return (pathname, signedIn, firstRead) => {
    const links = preloadLinks(routeFiles(chunks, pathname, signedIn)) + (firstRead ? requestLink(firstRead) : '');
    return index.slice(0, headEnd) + links + index.slice(headEnd);
  };
}
