import type { ResourceProps } from '@refinedev/core';
import { translateIn } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/locale';
import { PAGE_MENU_ENTRIES, menuEntries } from './menu';

/**
 * Refine's resources from the definitions and the custom pages: their routes and labels in the current language,
 * which name the page in the browser's title. The side menu is the admin's own (layout/side-menu.tsx).
 */
export function refineResources(locale: Locale): ResourceProps[] {
  const items: ResourceProps[] = menuEntries().map((entry) => ({
    name: entry.name,
    list: entry.route,
    create: `${entry.route}/create/edit`,
    edit: `${entry.route}/:id/edit`,
    meta: { label: translateIn(locale, entry.label), canDelete: true },
  }));
  const pages: ResourceProps[] = PAGE_MENU_ENTRIES.map((entry) => ({ name: entry.name, list: entry.route, meta: { label: translateIn(locale, entry.label) } }));
  return [...items, ...pages];
}
