import type { ResourceDef, Right } from '@backoffice/resources';
import { listPath, pluralLabel, screenResources } from '../definitions/screens';

export interface MenuEntry {
  /** the resource name (or a custom page name) used by Refine and the access control provider */
  name: string;
  label: string;
  route: string;
  group?: string;
  icon?: string;
  /** the definition behind it; custom pages without one are shown to every admin */
  model?: string;
  /** a custom page only these rights open (super admins always) */
  rights?: readonly Right[];
}

export const GROUP_PREFIX = 'group:';

/** Icons of the menu groups the definitions use. */
export const GROUP_ICONS: Record<string, string> = {
  Users: 'team',
  Application: 'app',
  Events: 'calendar',
  Locations: 'location',
  Merchants: 'shop',
  Finance: 'bank',
  Communication: 'mail',
};

function entryLabel(def: ResourceDef): string {
  // the company itself is edited on its profile page
  return def.scope === 'platform' ? 'Company profile' : pluralLabel(def);
}

/** Menu entries: one per resource with screens, grouped by `screens.menuGroup` when a group holds more than one. */
export function menuEntries(defs: readonly ResourceDef[] = screenResources()): MenuEntry[] {
  const sizes = new Map<string, number>();
  for (const def of defs) if (def.screens?.menuGroup) sizes.set(def.screens.menuGroup, (sizes.get(def.screens.menuGroup) ?? 0) + 1);
  return defs.map((def) => {
    const group = def.screens?.menuGroup;
    return {
      name: def.name,
      label: entryLabel(def),
      route: listPath(def),
      group: group && (sizes.get(group) ?? 0) > 1 ? group : undefined,
      icon: def.screens?.icon ?? def.name,
      model: def.name,
    };
  });
}

export function menuGroups(entries: readonly MenuEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.group).filter((group): group is string => !!group))];
}

/** Custom pages in the menu beside the definitions' screens; `model` or `rights` decides who sees them. */
export const PAGE_MENU_ENTRIES: readonly (MenuEntry & { first?: boolean })[] = [
  { name: 'dashboard', label: 'Dashboard', route: '/company/dashboard', icon: 'dashboard', first: true },
  // visitor cards are printed from event guests, so the event right decides
  { name: 'eventGuest', label: 'Visitor cards', route: '/company/device', group: 'Events', icon: 'card', model: 'eventGuest' },
  { name: 'pushNotification', label: 'Push notification', route: '/company/push-notification', group: 'Communication', icon: 'notification' },
  { name: 'batch', label: 'Batch communication', route: '/company/batch', group: 'Communication', icon: 'mail' },
  { name: 'adminRights', label: 'Admin rights', route: '/company/admin', icon: 'safety', rights: ['company'] },
  { name: 'activity', label: 'Activity', route: '/company/activity', icon: 'history', rights: ['company'] },
  { name: 'webhookDeliveries', label: 'Webhook deliveries', route: '/company/webhooks/deliveries', icon: 'history', rights: ['company'] },
];
