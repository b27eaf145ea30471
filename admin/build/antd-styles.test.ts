import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { THEME } from '../src/app/theme';
import { antdComponentsUsed, antdStylesheet } from './antd-styles';

const SOURCES = fileURLToPath(new URL('../src', import.meta.url));

describe("antd's stylesheet baked at build time", () => {
  it("holds the components' styles under the admin's theme and antd's map of them, which the browser reads to skip making them", () => {
    const css = antdStylesheet(THEME, antdComponentsUsed(SOURCES));
    expect(css).toContain('#1f6feb');
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)"/.exec(css)?.[1] ?? '';
    const components = new Set(map.split(';').map((entry) => entry.split('|')[1]));
    for (const component of ['Table-Table', 'Button-Button', 'Menu-Menu', 'Modal-Modal', 'Tooltip-Tooltip', 'Form-Form', 'Select-Select', 'Layout-Layout', 'Layout-Sider']) {
      expect(components, component).toContain(component);
    }
    // all under the admin's theme (one token), none under antd's panel theme, which the browser never asks for
    expect(new Set(map.split(';').filter((entry) => !entry.includes('ant-design-icons')).map((entry) => entry.split('|')[0])).size).toBe(1);
  });

  it("holds only the components the admin's sources import and those antd renders inside them", () => {
    const used = antdComponentsUsed(SOURCES);
    for (const component of ['Table', 'Form', 'Modal', 'Upload', 'Steps', 'Pagination', 'Checkbox', 'Row', 'Col']) expect(used, component).toContain(component);
    for (const component of ['Transfer', 'Cascader', 'TreeSelect', 'Mentions', 'ColorPicker', 'Calendar']) expect(used, component).not.toContain(component);
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)"/.exec(antdStylesheet(THEME, used))?.[1] ?? '';
    expect(map).toContain('Upload-Upload');
    expect(map).not.toContain('Transfer');
  });
});
