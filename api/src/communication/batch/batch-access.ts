import { ANY_ADMIN } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { forbidden } from '../../common/errors';

/** Sending to a group: every admin may (part 2 section 6); the group options have their own role lists. */
export function requireSender(actor: Actor): void {
  if (!actor.rights.has('super') && !ANY_ADMIN.some((right) => actor.rights.has(right))) throw forbidden('Only admins send batch communication');
}
