import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

/**
 * index.html for a visit: with the build's route chunks, the page names the files its route needs, so the browser
 * fetches them beside the entry's (a cold list route otherwise waited about half a second for them, six at a time,
 * after the entry had run). Null when the build wrote no route-chunks.json.
 */
export function indexForVisits(adminDir: string): ((pathname: string, signedIn: boolean) => string) | null {
  const manifest = join(adminDir, 'route-chunks.json');
  if (!existsSync(manifest)) return null;
  const chunks = JSON.parse(readFileSync(manifest, 'utf8')) as RouteChunks;
  const index = readFileSync(join(adminDir, 'index.html'), 'utf8');
  const headEnd = index.indexOf('</head>');
  if (headEnd < 0) return null;
  return (pathname, signedIn) => index.slice(0, headEnd) + preloadLinks(routeFiles(chunks, pathname, signedIn)) + index.slice(headEnd);
}
