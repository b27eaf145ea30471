import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUSTOM_ROUTES } from '../src/app/pages';
import { FRAME_PAGES, pagesDeclared, SIGN_IN_PAGE } from './route-chunks';

describe('the route chunks the build writes for the API', () => {
  it("reads every page pages.ts declares: each custom route, the frame's pages, the sign-in page and the generated pages", () => {
    const { routes, named } = pagesDeclared(readFileSync(fileURLToPath(new URL('../src/app/pages.ts', import.meta.url)), 'utf8'));
    expect([...routes.keys()].sort()).toEqual(Object.keys(CUSTOM_ROUTES).sort());
    for (const name of [SIGN_IN_PAGE, ...FRAME_PAGES, 'GenericEdit', 'GenericList']) expect(named.has(name), name).toBe(true);
  });
});
