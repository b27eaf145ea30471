import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';
import { FRAME_PAGES, pagesDeclared, SIGN_IN_PAGE, staticChunks } from './route-chunks';

type Chunk = Rolldown.OutputChunk;

/** The moments of a visit, in order: a module goes to the first that needs it. */
const MOMENTS = ['entry', 'sign-in', 'frame', 'record-form'] as const;
type Moment = (typeof MOMENTS)[number];

/** A page's module file from its import specifier in pages.ts. */
function pageFile(pagesFile: string, specifier: string): string {
  const base = resolve(dirname(pagesFile), specifier);
  const file = ['.tsx', '.ts'].map((extension) => base + extension).find(existsSync);
  if (!file) throw new Error(`startup-chunks: ${pagesFile} imports ${specifier}, which is no .ts or .tsx file`);
  return file;
}

/** The chunk holding `module` and every chunk it imports statically, to any depth. */
function chunkClosure(chunks: readonly Chunk[], module: string): Chunk[] {
  const start = chunks.find((chunk) => chunk.moduleIds.includes(module));
  if (!start) throw new Error(`startup-chunks: no chunk holds ${module}`);
  return staticChunks(new Map(chunks.map((chunk) => [chunk.fileName, chunk])), start);
}

/** Each module of the `moments`' chunks by the first moment whose chunks hold it. */
export function modulesByMoment(moments: Record<Moment, readonly Chunk[]>): Map<string, Moment> {
  const result = new Map<string, Moment>();
  for (const moment of MOMENTS) {
    for (const chunk of moments[moment]) {
      // rolldown's runtime stays in the chunk rolldown gives it
      for (const id of chunk.moduleIds) if (!result.has(id) && !id.startsWith('\0rolldown')) result.set(id, moment);
    }
  }
  return result;
}

const usersOf = (closures: readonly Chunk[][]) => {
  const users = new Map<Chunk, number>();
  for (const closure of closures) for (const chunk of closure) users.set(chunk, (users.get(chunk) ?? 0) + 1);
  return users;
};

/** The chunks more than half of `closures` hold. */
export function sharedByMost(closures: readonly Chunk[][]): Chunk[] {
  return [...usersOf(closures)].filter(([, count]) => count > closures.length / 2).map(([chunk]) => chunk);
}

/** The chunks more than half of `kind` hold that more of `kind` hold than of `others`. */
export function sharedByMostOfKind(kind: readonly Chunk[][], others: readonly Chunk[][]): Chunk[] {
  const otherUsers = usersOf(others);
  return [...usersOf(kind)].filter(([chunk, count]) => count > kind.length / 2 && count > (otherUsers.get(chunk) ?? 0)).map(([chunk]) => chunk);
}

/**
 * Chunk groups by the moment of a visit that needs them: what the entry runs, what the sign-in page adds, what the
 * signed-in frame (Refine, its providers, the layout, and what most pages use) adds, and what most edit screens add
 * (a record's form: its fields' rules and inputs); each one file. Left to itself, the bundler split every set of
 * modules that later pages share into a chunk per set of importers: a list route fetched 30 files, and Chromium took
 * 160-330 ms to fetch them over its six connections even with nothing else to do (Node fetched the same files from
 * the same server in 32 ms). Which modules each moment needs is read from a first build without the groups, after
 * tree-shaking: the module graph itself names every component of a package imported through its index (antd's),
 * used or not. Pages keep the bundler's chunks.
 */
export async function startupChunkGroups(config: InlineConfig, entryFile: string, pagesFile: string) {
  const { routes, named } = pagesDeclared(readFileSync(pagesFile, 'utf8'));
  const output = (await build({ ...config, configFile: false, logLevel: 'warn', build: { ...config.build, write: false } })) as Rolldown.RolldownOutput;
  const chunks = output.output.filter((file): file is Chunk => file.type === 'chunk');
  const closureOf = (specifier: string) => chunkClosure(chunks, pageFile(pagesFile, specifier));
  const startupPage = (name: string) => {
    const specifier = named.get(name);
    if (!specifier) throw new Error(`startup-chunks: ${pagesFile} declares no page ${name}`);
    return closureOf(specifier);
  };
  // every route's page: custom pages by route, the generated ones by name (an edit screen ends in /edit or Edit)
  const routePages = [...routes, ...[...named].filter(([name]) => name !== SIGN_IN_PAGE && !FRAME_PAGES.includes(name))];
  const pages = routePages.map(([route, specifier]) => ({ isEdit: /(\/edit|Edit)$/.test(route), closure: closureOf(specifier) }));
  const closures = (isEdit: boolean) => pages.filter((page) => page.isEdit === isEdit).map((page) => page.closure);
  const recordForm = sharedByMostOfKind(closures(true), closures(false));
  const moments = modulesByMoment({
    entry: chunkClosure(chunks, entryFile),
    'sign-in': startupPage(SIGN_IN_PAGE),
    frame: [...FRAME_PAGES.flatMap(startupPage), ...sharedByMost(pages.map((page) => page.closure))],
    'record-form': recordForm,
  });
  // a module of the record form that pages without a form use as well (copied into their chunks) stays apart: they
  // would fetch the whole form for it
  const formless = pages.filter((page) => !page.closure.some((chunk) => recordForm.includes(chunk)));
  for (const id of formless.flatMap((page) => page.closure.flatMap((chunk) => chunk.moduleIds))) if (moments.get(id) === 'record-form') moments.delete(id);
  // the earlier moment first: a group takes the modules its modules import along, which a later one would take
  return MOMENTS.map((moment, index) => ({
    name: moment,
    priority: MOMENTS.length - index,
    test: (id: string) => moments.get(id) === moment,
    includeDependenciesRecursively: moment !== 'record-form',
  }));
}
