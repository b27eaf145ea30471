import type { ResourceProps } from '@refinedev/core';
import { translateIn } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/locale';
import { iconFor } from './icons';
import { GROUP_ICONS, GROUP_PREFIX, PAGE_MENU_ENTRIES, menuEntries, menuGroups } from './menu';

/** Refine's resources derived from the definitions, labels in the current language. */
export function refineResources(locale: Locale): ResourceProps[] {
  const entries = [...menuEntries(), ...PAGE_MENU_ENTRIES];
  const groups: ResourceProps[] = menuGroups(entries).map((group) => ({
    name: GROUP_PREFIX + group,
    meta: { label: translateIn(locale, group), icon: iconFor(GROUP_ICONS[group], 'folder') },
  }));
  const items: ResourceProps[] = entries.map((entry) => ({
    name: entry.name,
    list: entry.route,
    create: `${entry.route}/create/edit`,
    edit: `${entry.route}/:id/edit`,
    meta: {
      label: translateIn(locale, entry.label),
      icon: iconFor(entry.icon),
      parent: entry.group ? GROUP_PREFIX + entry.group : undefined,
      canDelete: true,
    },
  }));
  const page = (entry: (typeof PAGE_MENU_ENTRIES)[number]): ResourceProps => ({
    name: entry.name,
    list: entry.route,
    meta: { label: translateIn(locale, entry.label), icon: iconFor(entry.icon), parent: entry.group ? GROUP_PREFIX + entry.group : undefined },
  });
  return [...PAGE_MENU_ENTRIES.filter((entry) => entry.first).map(page), ...groups, ...items, ...PAGE_MENU_ENTRIES.filter((entry) => !entry.first).map(page)];
}
