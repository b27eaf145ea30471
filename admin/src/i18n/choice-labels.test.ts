import { allResources, type FieldDef } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import { choiceLabel } from '../definitions/screens';
import { nl } from './nl';

describe('stored choices in words (issue 39)', () => {
  it('name every state and choice of a definition with a screen by a label that has Dutch', () => {
    const labels = new Set<string>();
    const walk = (fields: readonly FieldDef[]) => {
      for (const field of fields) {
        for (const choice of field.choices ?? []) labels.add(choiceLabel(field, choice));
        if (field.fields) walk(field.fields);
      }
    };
    for (const def of allResources().filter((resource) => resource.screens)) walk(def.fields);
    expect([...labels].filter((label) => nl[label] === undefined)).toEqual([]);
  });

  it('puts an id without a label into words', () => {
    const field = { path: 'topic', kind: 'enum', choices: ['getting-started'] } as unknown as FieldDef;
    expect(choiceLabel(field, 'getting-started')).toBe('Getting started');
    expect(choiceLabel({ ...field, choiceLabels: { 'getting-started': 'First steps' } }, 'getting-started')).toBe('First steps');
  });
});
