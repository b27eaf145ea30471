import type { Right } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { forbidden } from '../common/errors';

/** Refuses the request unless the actor holds the right (super admins hold every right). */
export function requireRight(actor: Actor, right: Right, what: string): void {
  if (!actor.rights.has('super') && !actor.rights.has(right)) throw forbidden(`Only ${right === 'super' ? 'super' : `${right}`} admins may ${what}`);
}
