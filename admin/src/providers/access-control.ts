import { type Action, effectiveRights, findResource, mayAct } from '@backoffice/resources';
import type { AccessControlProvider } from '@refinedev/core';
import { GROUP_PREFIX, PAGE_MENU_ENTRIES, menuEntries } from '../app/menu';
import { loadMe, type Me } from './session';

/** Refine's action names mapped onto the definitions' actions. */
const ACTION_OF: Record<string, Action> = {
  list: 'read',
  show: 'read',
  read: 'read',
  create: 'create',
  clone: 'create',
  duplicate: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
  archive: 'archive',
  unarchive: 'archive',
  import: 'import',
  export: 'export',
  patch: 'patch',
};

/** Whether the signed-in user may do this; pages without a definition or rights are open to every signed-in admin. */
export function userMay(me: Me | null, resource: string | undefined, action: string): boolean {
  if (!me) return false;
  if (resource?.startsWith(GROUP_PREFIX)) {
    const group = resource.slice(GROUP_PREFIX.length);
    return menuEntries().some((entry) => entry.group === group && userMay(me, entry.model, 'list'));
  }
  const rights = PAGE_MENU_ENTRIES.find((entry) => entry.name === resource)?.rights;
  if (rights) {
    const held = effectiveRights(me.rights);
    return held.has('super') || rights.some((right) => held.has(right));
  }
  const def = resource ? findResource(resource) : undefined;
  if (!def) return true;
  const mapped = ACTION_OF[action];
  if (!mapped) return true;
  return mayAct(def, mapped, effectiveRights(me.rights), me.access ?? []);
}

/** Feeds Refine's menu and buttons; the API stays the enforcer, the admin only hides. */
export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    const me = await loadMe().catch(() => null);
    const can = userMay(me, resource, action);
    return can ? { can } : { can, reason: 'You do not have the right for this' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
