import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ThemeConfig } from 'antd';
import type { Plugin } from 'vite';

type ReactModule = typeof import('react');
type Component = import('react').ComponentType<Record<string, unknown>>;

/** Components that need props to render at all; the rest render bare. */
const RENDERED_WITH: Record<string, (React: ReactModule, component: Component) => import('react').ReactNode> = {
  Affix: (React, Affix) => React.createElement(Affix, null, React.createElement('div')),
  Dropdown: (React, Dropdown) => React.createElement(Dropdown, { menu: { items: [] } }, React.createElement('div')),
  // with its side menu, whose styles are the Sider's own
  Layout: (React, Layout) => React.createElement(Layout, null, React.createElement((Layout as Component & { Sider: Component }).Sider)),
  Menu: (React, Menu) => React.createElement(Menu, { items: [] }),
  QRCode: (React, QRCode) => React.createElement(QRCode, { value: 'styles' }),
  Tree: (React, Tree) => React.createElement(Tree, { treeData: [] }),
};
/** Not components (Grid), or not renderable on a server without a page (Tour). */
const NOT_RENDERED = new Set(['ConfigProvider', 'Grid', 'Tour']);
/** Components antd renders inside the ones the admin imports (a table's pagination and filters, a form's grid). */
const RENDERED_INSIDE = ['Button', 'Checkbox', 'Col', 'Dropdown', 'Empty', 'Input', 'Menu', 'Pagination', 'Popover', 'Progress', 'Radio', 'Row', 'Select', 'Skeleton', 'Spin', 'Tooltip'];
const ANTD_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'/g;

/** The antd components the sources under `dir` import, and those antd renders inside them. */
export function antdComponentsUsed(dir: string): Set<string> {
  const used = new Set(RENDERED_INSIDE);
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const [, names] of readFileSync(path, 'utf8').matchAll(ANTD_IMPORT)) {
          for (const name of names.split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0])) if (/^[A-Z]/.test(name)) used.add(name);
        }
      }
    }
  };
  visit(dir);
  return used;
}

/**
 * antd's styles for its components (those in `only`, else all) under the admin's theme, as one stylesheet, rendered
 * once at build time.
 * antd 5 otherwise makes each component's styles in the browser the first time it renders, which was about a
 * seventh of a list route's main-thread time on a warm load. The sheet ends with antd's map of the styles it holds
 * (`.data-ant-cssinjs-cache-path`): antd reads it in the browser and makes only styles missing from it.
 * Overlays (modal, tooltip, popover) render closed: their styles are made when they render, open or not. Their
 * inline panels render under antd's own panel theme (no motion), whose styles the admin never uses: the modal's
 * were made again in the browser, and the sheet was a third larger.
 */
export function antdStylesheet(theme: ThemeConfig, only?: Set<string>): string {
  // loaded here, not when the Vite config is read (the unit tests read it too); as antd itself loads them
  // (CommonJS), so the style cache below is the one antd writes to
  const require = createRequire(import.meta.url);
  const antd = require('antd') as Record<string, unknown> & typeof import('antd');
  const React = require('react') as ReactModule;
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const components = Object.keys(antd)
    .filter((name) => /^[A-Z]/.test(name) && !NOT_RENDERED.has(name) && (!only || only.has(name)))
    .map((name) => {
      const component = antd[name] as Component;
      return React.createElement(React.Fragment, { key: name }, RENDERED_WITH[name]?.(React, component) ?? React.createElement(component));
    });
  const cache = createCache();
  renderToString(React.createElement(StyleProvider, { cache }, React.createElement(antd.ConfigProvider, { theme }, components)));
  return extractStyle(cache, true);
}

const MODULE_ID = 'virtual:antd-styles.css';

/**
 * `import 'virtual:antd-styles.css'` is antd's stylesheet for the theme and the components the sources under
 * `sourceDir` use, bundled and hashed with the admin's CSS. Every page parses it and matches every element against
 * it; all of antd's components made it 890 kB. A component the admin starts using without importing it by name
 * still has its styles, made in the browser when it first renders.
 */
export function antdStaticStyles(theme: ThemeConfig, sourceDir: string): Plugin {
  return {
    name: 'antd-static-styles',
    resolveId: (id) => (id === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load: (id) => (id === `\0${MODULE_ID}` ? antdStylesheet(theme, antdComponentsUsed(sourceDir)) : undefined),
  };
}
