import { describe, expect, it } from 'vitest';
import { esmFacades } from './esm-facades';

type Hook = (...args: unknown[]) => unknown;

describe('ES module facades of CommonJS packages', () => {
  const plugin = esmFacades(['react']);
  const resolveId = plugin.resolveId as Hook;
  const load = plugin.load as Hook;

  it('stand in for the package where a module imports it, not where CommonJS requires it', () => {
    expect(resolveId('react', '/src/a.tsx', { kind: 'import-statement' })).toBe('\0esm-facade:react');
    expect(resolveId('react', '/node_modules/react-dom/index.js', { kind: 'require-call' })).toBeUndefined();
    expect(resolveId('react-dom', '/src/a.tsx', { kind: 'import-statement' })).toBeUndefined();
  });

  it("import the package's own file once and export each of its exports by name and as the default", () => {
    const code = load('\0esm-facade:react') as string;
    expect(code).toMatch(/^import cjs from ".*node_modules\/react\/index\.js";$/m);
    expect(code).toContain('export default cjs;');
    expect(code).toMatch(/export const \{ .*\buseState\b.*\} = cjs;/);
    expect(code).not.toMatch(/\{[^}]*\bdefault\b[^}]*\} = cjs/);
    expect(load('/src/a.tsx')).toBeUndefined();
  });

  it('refuse a package that marks itself __esModule, and a listed package nothing imports', () => {
    const errors: string[] = [];
    const context = { error: (message: string) => { errors.push(message); throw new Error(message); } };
    const facade = esmFacades(['@babel/runtime/helpers/interopRequireDefault', 'dayjs']);
    (facade.resolveId as Hook).call(context, '@babel/runtime/helpers/interopRequireDefault', '/src/a.tsx', { kind: 'import-statement' });
    expect(() => (facade.load as Hook).call(context, '\0esm-facade:@babel/runtime/helpers/interopRequireDefault')).toThrow(/__esModule/);
    expect(() => (facade.buildEnd as Hook).call(context)).toThrow(/no module imports dayjs/);
  });
});
