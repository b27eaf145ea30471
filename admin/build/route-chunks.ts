import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The files each kind of page needs beyond the entry's, written by the build as `route-chunks.json` beside
 * index.html. The API names them in index.html for the visit it answers (api/src/common/route-preloads.ts), so the
 * browser fetches a route's code while it loads the entry instead of after the entry ran and asked who is signed in:
 * a cold list route waited about half a second on these files, fetched six at a time.
 */
export interface RouteChunks {
  /** the sign-in page, for a visit without a session */
  signIn: string[];
  /** the signed-in frame: Refine, its providers and the layout */
  frame: string[];
  /** custom pages by route pattern, as pages.ts's CUSTOM_ROUTES (the frame's files left out) */
  routes: Record<string, string[]>;
  /** the generated edit page: another path ending in /edit (the frame's files left out) */
  edit: string[];
  /** the generated list page: another path under /company/ (the frame's files left out) */
  list: string[];
}

/** `'<route>': page(() => import('<module>'))` in CUSTOM_ROUTES. */
const CUSTOM_ROUTE = /^\s*'(\/[^']*)': page\(\(\) => import\('([^']+)'\)\),?$/gm;
/** `export const <Name> = page(() => import('<module>'));` */
const NAMED_PAGE = /^export const (\w+) = page\(\(\) => import\('([^']+)'\)\);$/gm;

/** The pages of pages.ts a visit shows before any route's page: the sign-in page, or the signed-in frame's. */
export const SIGN_IN_PAGE = 'SignInPage';
export const FRAME_PAGES = ['AdminApp', 'AppLayout'];

/** The pages pages.ts declares: custom pages by route, the others by name. */
export function pagesDeclared(source: string): { routes: Map<string, string>; named: Map<string, string> } {
  return {
    routes: new Map([...source.matchAll(CUSTOM_ROUTE)].map(([, route, module]) => [route, module])),
    named: new Map([...source.matchAll(NAMED_PAGE)].map(([, name, module]) => [name, module])),
  };
}

interface ChunkInfo {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/** The chunk `start` and every chunk it imports statically, to any depth. */
export function staticChunks<Chunk extends { fileName: string; imports: string[] }>(byFile: ReadonlyMap<string, Chunk>, start: Chunk): Chunk[] {
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  visit(start);
  return [...seen.values()];
}

/** A chunk's file, the files it imports statically (to any depth) and their stylesheets. */
function closure(chunks: Map<string, ChunkInfo>, start: ChunkInfo): Set<string> {
  return new Set(staticChunks(chunks, start).flatMap((chunk) => [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])]));
}

/** Writes route-chunks.json from the bundle and the pages `pagesFile` declares. */
export function routeChunks(pagesFile: string): Plugin {
  return {
    name: 'route-chunks',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const { routes, named } = pagesDeclared(readFileSync(pagesFile, 'utf8'));
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output as unknown as ChunkInfo] as const] : [])));
      const entry = new Set([...chunks.values()].filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunks, chunk)]));
      const filesOf = async (module: string) => {
        const id = (await this.resolve(module, pagesFile))?.id;
        const chunk = [...chunks.values()].find((candidate) => id && candidate.moduleIds.includes(id));
        if (!chunk) throw new Error(`route-chunks: no chunk holds ${module}, which ${pagesFile} imports`);
        return [...closure(chunks, chunk)].filter((file) => !entry.has(file));
      };
      const filesOfPage = async (name: string) => {
        const module = named.get(name);
        if (!module) throw new Error(`route-chunks: ${pagesFile} declares no page ${name}`);
        return filesOf(module);
      };
      const frame = [...new Set((await Promise.all(FRAME_PAGES.map(filesOfPage))).flat())];
      const beyondFrame = (files: string[]) => files.filter((file) => !frame.includes(file));
      const manifest: RouteChunks = {
        signIn: await filesOfPage(SIGN_IN_PAGE),
        frame,
        routes: Object.fromEntries(await Promise.all([...routes].map(async ([route, module]) => [route, beyondFrame(await filesOf(module))]))),
        edit: beyondFrame(await filesOfPage('GenericEdit')),
        list: beyondFrame(await filesOfPage('GenericList')),
      };
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(manifest) });
    },
  };
}
