import { type Action, type ResourceDef, getPath, resolveField, setPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { fieldExpression } from '../database/naming';
import type { Params } from './list-query';
import type { Doc } from './record-repository';

/**
 * The owner rule of a definition (ResourceDef.owner): a list holds the actor's own records and the shared ones;
 * null for models without the rule.
 */
export function ownerCondition(def: ResourceDef, actor: Actor, params: Params): string | null {
  if (!def.owner) return null;
  const { path, sharedWhen } = def.owner;
  const own = `${fieldExpression(path, resolveField(def, path)!)} = ${params.add(actor.userId)}`;
  return sharedWhen ? `(${own} OR ${fieldExpression(sharedWhen, resolveField(def, sharedWhen)!)} = true)` : own;
}

/** Whether the owner rule lets the actor act on the record: its owner always, the company only to read a shared one. */
export function ownerAllows(def: ResourceDef, actor: Actor, doc: Doc, action: Action): boolean {
  if (!def.owner) return true;
  if (getPath(doc, def.owner.path) === actor.userId) return true;
  return action === 'read' && def.owner.sharedWhen !== undefined && getPath(doc, def.owner.sharedWhen) === true;
}

/** A new record of a model with the owner rule belongs to the person who makes it, unless a domain write named one. */
export function claimOwnership(def: ResourceDef, actor: Actor, doc: Doc): void {
  if (def.owner && getPath(doc, def.owner.path) === undefined) setPath(doc, def.owner.path, actor.userId);
}
