import { merchant } from './models/merchant';
import type { ResourceDef } from './types';

/** Every model of the product. Adding a model is one file in models/ and one line here. */
export const RESOURCES: readonly ResourceDef[] = [merchant];

const byName = new Map<string, ResourceDef>();

export function registerResource(def: ResourceDef): void {
  byName.set(def.name, def);
}

for (const def of RESOURCES) registerResource(def);

export function findResource(name: string): ResourceDef | undefined {
  return byName.get(name);
}

export function allResources(): ResourceDef[] {
  return [...byName.values()];
}
