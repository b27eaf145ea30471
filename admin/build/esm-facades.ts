import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const PREFIX = '\0esm-facade:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * ES module facades of CommonJS packages that most modules import. The admin's chunks run each module on first use
 * (rolldown's strict execution order, which its shared-code inlining needs), and every module that imported a
 * CommonJS package copied its exports into a namespace object of its own: 1 494 copies of React's 46 exports and 742
 * of classnames' in the build, 100 ms of a cold list load's main thread (10 ms through the facades). Through a facade the package is converted once and
 * the modules import plain bindings. `require()` calls keep the package itself.
 */
export function esmFacades(packages: string[]): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'esm-facades',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      const kind = (options as { kind?: string }).kind;
      if (packages.includes(source) && kind === 'import-statement') return `${PREFIX}${source}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const name = id.slice(PREFIX.length);
      const file = require.resolve(name);
      const names = Object.keys(require(name) as object).filter((key) => key !== 'default' && IDENTIFIER.test(key));
      return [
        `import cjs from ${JSON.stringify(file)};`,
        'export default cjs;',
        names.length ? `export const { ${names.join(', ')} } = cjs;` : '',
      ].join('\n');
    },
  };
}
