import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const PREFIX = '\0esm-facade:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * ES module facades of CommonJS packages that most modules import. The admin's chunks run each module on first use
 * (rolldown's strict execution order, which its shared-code inlining needs), and every module that imported a
 * CommonJS package copied its exports into a namespace object of its own: 1 494 copies of React's 46 exports and 742
 * of classnames' in the build, 100 ms of a cold list load's main thread (10 ms through the facades). Through a
 * facade the package is converted once and the modules import plain bindings. `require()` calls keep the package
 * itself. The build fails when a package is never imported (the facade would silently stop working) or marks
 * itself `__esModule` (its default export would not be its `module.exports`).
 */
export function esmFacades(packages: string[]): Plugin {
  const require = createRequire(import.meta.url);
  const imported = new Set<string>();
  return {
    name: 'esm-facades',
    // the build's chunks only: Vite's dev server converts CommonJS packages once already (its dependency optimizer)
    apply: 'build',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      const kind = (options as { kind?: string }).kind;
      if (!packages.includes(source) || kind !== 'import-statement') return undefined;
      imported.add(source);
      return `${PREFIX}${source}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const name = id.slice(PREFIX.length);
      const exports = require(name) as Record<string, unknown>;
      if (exports.__esModule) this.error(`esm-facades: ${name} marks itself __esModule; import it directly`);
      const names = Object.keys(exports).filter((key) => key !== 'default' && IDENTIFIER.test(key));
      return [
        `import cjs from ${JSON.stringify(require.resolve(name))};`,
        'export default cjs;',
        names.length ? `export const { ${names.join(', ')} } = cjs;` : '',
      ].join('\n');
    },
    buildEnd(error) {
      const unused = packages.filter((name) => !imported.has(name));
      if (!error && unused.length) this.error(`esm-facades: no module imports ${unused.join(', ')}; drop it from the list`);
    },
  };
}
