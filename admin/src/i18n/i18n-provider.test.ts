import { allResources, type FieldDef } from '@backoffice/resources';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { menuEntries, menuGroups } from '../app/menu';
import { fieldLabel } from '../definitions/screens';
import { nl } from './nl';
import { loadDutch } from './dutch';
import { translateIn } from './i18n-provider';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('translation', () => {
  beforeAll(() => loadDutch());

  it('keeps the spec strings verbatim in English and translates them to Dutch', () => {
    expect(translateIn('en', 'Successfully saved')).toBe('Successfully saved');
    expect(translateIn('nl', 'Successfully saved')).toBe('Succesvol opgeslagen');
    expect(translateIn('en', 'buttons.save')).toBe('Save');
    expect(translateIn('nl', 'buttons.save')).toBe('Opslaan');
  });

  it('interpolates and falls back to the default, then the key', () => {
    expect(translateIn('en', 'Are you sure you want to archive {{count}} items?', { count: 3 })).toBe('Are you sure you want to archive 3 items?');
    expect(translateIn('nl', 'missing.key', 'Default text')).toBe('Default text');
    expect(translateIn('nl', 'Something new')).toBe('Something new');
  });

  it('translates the validator messages', () => {
    expect(translateIn('nl', 'Must be at most 50 characters')).toBe('Mag hoogstens 50 tekens bevatten');
  });

  it('has Dutch for every literal string the admin translates', () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)) keys.add(match[1]);
    }
    const missing = [...keys].filter((key) => nl[key] === undefined && translateIn('nl', key) === key);
    expect(missing).toEqual([]);
  });

  it('has Dutch for every label, choice label and help text the definitions put on screen (issue 11 item 13)', () => {
    const keys = new Set<string>();
    const walk = (fields: readonly FieldDef[]) => {
      for (const field of fields) {
        keys.add(fieldLabel(field, field.path));
        if (field.help) keys.add(field.help);
        for (const label of Object.values(field.choiceLabels ?? {})) keys.add(label);
        if (field.fields) walk(field.fields);
      }
    };
    for (const def of allResources().filter((resource) => resource.screens)) {
      keys.add(def.label);
      walk(def.fields);
    }
    expect([...keys].filter((key) => nl[key] === undefined && translateIn('nl', key) === key)).toEqual([]);
  });

  it('has Dutch for every menu label and group', () => {
    const labels = [...menuEntries().map((entry) => entry.label), ...menuGroups(menuEntries())];
    expect(labels.filter((label) => !nl[label])).toEqual([]);
    expect(allResources().length).toBeGreaterThan(0);
  });
});
