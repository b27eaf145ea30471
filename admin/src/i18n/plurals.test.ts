import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDutch } from './dutch';
import { translateIn } from './i18n-provider';
import { nl } from './nl';
import { singularEn } from './plurals';
import { singularNl } from './plurals-nl';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('counted texts (issue 39)', () => {
  beforeAll(() => loadDutch());

  it('are singular for one and plural otherwise, the count in the separators of the language', () => {
    expect(translateIn('en', 'Import {{count}} records', { count: 1 })).toBe('Import 1 record');
    expect(translateIn('en', 'Import {{count}} records', { count: 2 })).toBe('Import 2 records');
    expect(translateIn('nl', 'Import {{count}} records', { count: 1 })).toBe('1 record importeren');
    expect(translateIn('en', '{{count}} transactions', { count: 10395 })).toBe('10,395 transactions');
    expect(translateIn('nl', '{{count}} transactions', { count: 10395 })).toBe('10.395 transacties');
  });

  it('have a singular in both languages for every counted plural the admin shows', () => {
    const counted = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']*\{\{count\}\} [a-z]+s\b[^']*)'/g)) counted.add(match[1]);
    }
    expect(counted.size).toBeGreaterThan(5);
    expect([...counted].filter((key) => !singularEn[`${key}|one`] || !singularNl[`${key}|one`])).toEqual([]);
    expect(Object.keys(singularNl).filter((key) => !singularEn[key] || !nl[key.replace(/\|one$/, '')])).toEqual([]);
  });
});
