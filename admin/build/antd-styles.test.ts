import { describe, expect, it } from 'vitest';
import { THEME } from '../src/app/theme';
import { antdStylesheet } from './antd-styles';

describe("antd's stylesheet baked at build time", () => {
  it("holds the components' styles under the admin's theme and antd's map of them, which the browser reads to skip making them", () => {
    const css = antdStylesheet(THEME);
    expect(css).toContain('#1f6feb');
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)"/.exec(css)?.[1] ?? '';
    const components = new Set(map.split(';').map((entry) => entry.split('|')[1]));
    for (const component of ['Table-Table', 'Button-Button', 'Menu-Menu', 'Modal-Modal', 'Tooltip-Tooltip', 'Form-Form', 'Select-Select', 'Layout-Layout', 'Layout-Sider']) {
      expect(components, component).toContain(component);
    }
    // all under the admin's theme (one token), none under antd's panel theme, which the browser never asks for
    expect(new Set(map.split(';').filter((entry) => !entry.includes('ant-design-icons')).map((entry) => entry.split('|')[0])).size).toBe(1);
  });
});
