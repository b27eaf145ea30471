import { expect } from 'vitest';
import { type Doc, deletePath, setPath } from '../src/paths';
import { findResource } from '../src/registry';
import type { ResourceDef } from '../src/types';
import { validateRecord } from '../src/validate';
import { VALID } from './fixtures';

export function def(name: string): ResourceDef {
  const found = findResource(name);
  if (!found) throw new Error(`no resource ${name}`);
  return found;
}

/** The model's valid fixture with one value replaced (undefined removes it; path '' merges top-level values). */
export function withValue(model: string, path: string, value: unknown): Doc {
  const doc = structuredClone(VALID[model]);
  if (path === '') return { ...doc, ...(value as Doc) };
  if (value === undefined) deletePath(doc, path);
  else setPath(doc, path, value);
  return doc;
}

export function errorsFor(model: string, path: string, value: unknown) {
  return validateRecord(def(model), withValue(model, path, value));
}

export function expectAccepted(model: string, path: string, value: unknown): void {
  expect(errorsFor(model, path, value)).toEqual([]);
}

/** Refused, with an error on `field` (default: the path) whose message names it and contains `says`. */
export function expectRefused(model: string, path: string, value: unknown, says?: string, field = path): void {
  const errors = errorsFor(model, path, value);
  const match = errors.find((error) => error.field === field);
  expect(match, `expected an error on ${field}, got ${JSON.stringify(errors)}`).toBeDefined();
  expect(match!.message).toContain(field);
  if (says) expect(match!.message).toContain(says);
}
