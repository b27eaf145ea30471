import { useTranslate } from '@refinedev/core';
import { Menu, type MenuProps } from 'antd';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { iconFor } from '../app/icons';
import { GROUP_ICONS, GROUP_PREFIX, type MenuEntry, PAGE_MENU_ENTRIES, menuEntries, menuGroups } from '../app/menu';
import { userMay } from '../providers/access-control';
import type { Me } from '../providers/session';

type Item = NonNullable<MenuProps['items']>[number];

type Entry = MenuEntry & { first?: boolean };

/** Every menu entry: the first pages, the definitions' screens, then the other pages. */
export const allMenuEntries = (): Entry[] => [...PAGE_MENU_ENTRIES.filter((entry) => entry.first), ...menuEntries(), ...PAGE_MENU_ENTRIES.filter((entry) => !entry.first)];

/**
 * The menu in its order: the dashboard, the groups (with their entries), the entries without a group, then the other
 * pages; only what the user may open, decided at once from the rights /api/auth/me gave.
 */
export function menuOrder(me: Me): { top: Entry[]; groups: { group: string; entries: Entry[] }[]; rest: Entry[] } {
  const all = allMenuEntries();
  const shown = all.filter((entry) => userMay(me, entry.name, 'list'));
  const groups = menuGroups(all)
    .filter((group) => userMay(me, GROUP_PREFIX + group, 'list'))
    .map((group) => ({ group, entries: shown.filter((entry) => entry.group === group) }))
    .filter(({ entries }) => entries.length > 0);
  const ungrouped = shown.filter((entry) => !entry.group);
  return { top: ungrouped.filter((entry) => entry.first), groups, rest: ungrouped.filter((entry) => !entry.first) };
}

/** The menu entry a path belongs to: the one whose route is the path or its longest start. */
export function entryOfPath(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  return entries
    .filter((entry) => pathname === entry.route || pathname.startsWith(`${entry.route}/`))
    .sort((a, b) => b.route.length - a.route.length)[0];
}

interface SideMenuProps {
  me: Me;
  /** the entry of the page on screen */
  selected?: string;
  /** the group open at first */
  openGroup?: string;
  onNavigate?: () => void;
}

/** The side menu's items; renders again only when the page on screen moves to another entry. */
export const SideMenu = memo(function SideMenu({ me, selected, openGroup, onNavigate }: SideMenuProps) {
  const t = useTranslate();
  const items = useMemo(() => {
    const { top, groups, rest } = menuOrder(me);
    const item = (entry: MenuEntry): Item => ({ key: entry.name, icon: iconFor(entry.icon), label: <Link to={entry.route}>{t(entry.label)}</Link> });
    const grouped = groups.map(({ group, entries }): Item => ({ key: GROUP_PREFIX + group, icon: iconFor(GROUP_ICONS[group], 'folder'), label: t(group), children: entries.map(item) }));
    return [...top.map(item), ...grouped, ...rest.map(item)];
  }, [me, t]);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={openGroup ? [GROUP_PREFIX + openGroup] : []}
      onClick={onNavigate}
      style={{ border: 'none' }}
    />
  );
});
