import type { ResourceDef } from '@backoffice/resources';
import type { BaseRecord, CrudFilter, CrudSort } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useMe } from '../../providers/use-me';
import { useChosenColumns } from './use-chosen-columns';
import { listStateOf, settingsOf } from './view-settings';
import { type ListView, type ViewToSave, viewsApi } from './views-api';

/** The table state a list's views read and set (useResourceTable's). */
export interface ViewedTable {
  filters: CrudFilter[];
  sorters: CrudSort[];
  setFilters: (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;
  setSorters: (sorters: CrudSort[]) => void;
}

/** The view a person last used on a list, remembered in this browser per person and model ('' for the list's own). */
const lastViewKey = (userId: string, model: string) => `backoffice.listView.${userId}.${model}`;

/** A list opened with filters or a sort in its address (a link, a reload) shows those, not the last view. */
const openedWithState = () => /[?&](filters|sorters)\b/.test(window.location.search);

/**
 * Saved views of a list and the columns chosen on it: the views the person may read (their own and the shared ones,
 * checked for them by the API), picking one sets its filters, sort and columns, the current state saves as a view
 * (personal or shared), and the last view used opens again.
 */
export function useListViews(def: ResourceDef, table: ViewedTable, own: TableColumnType<BaseRecord>[]) {
  const me = useMe();
  const client = useQueryClient();
  const columns = useChosenColumns(def, own, table.sorters);
  const key = ['saved-views', def.name];
  const views = useQuery({ queryKey: key, queryFn: () => viewsApi.list(def.name), staleTime: 30_000 });
  const [current, setCurrent] = useState<ListView | null>(null);
  const remember = (id: string) => me && localStorage.setItem(lastViewKey(me.user._id, def.name), id);
  const apply = (view: ListView | null) => {
    setCurrent(view);
    remember(view?._id ?? '');
    if (!view) {
      columns.reset();
      return;
    }
    const state = listStateOf(view);
    table.setFilters(state.filters, 'replace');
    table.setSorters(state.sorters);
    columns.choose(view.columns?.length ? view.columns : null);
  };
  // read before the table writes its own state into the address
  const [linked] = useState(openedWithState);
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !views.data || !me) return;
    restored.current = true;
    const last = localStorage.getItem(lastViewKey(me.user._id, def.name));
    const view = views.data.find((candidate) => candidate._id === last);
    if (view && !linked) apply(view);
    // once, when the views first arrive
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [views.data, me]);
  const settings = () => settingsOf(table.filters, table.sorters, columns.shown, columns.isField);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  return {
    columns,
    /** what the list's table takes: the chosen columns and headers that resize them */
    tableProps: { columns: columns.columns, components: columns.components },
    views: views.data ?? [],
    current,
    mine: (view: ListView | null) => !!view && view.ownerRef?.userId === me?.user._id,
    apply,
    /** Saves the list as it is: a new view, or over the current one when it is the person's own. */
    async save(name: string, shared: boolean, asNew: boolean) {
      const view: ViewToSave = { ...settings(), name: { full: name }, shared };
      const saved = !asNew && current ? await viewsApi.update(current._id, view) : await viewsApi.create(def.name, view);
      await refresh();
      setCurrent({ ...saved, dropped: [] } as ListView);
      remember(saved._id);
    },
    async remove(view: ListView) {
      await viewsApi.remove(view._id);
      if (current?._id === view._id) apply(null);
      await refresh();
    },
  };
}

export type ListViews = ReturnType<typeof useListViews>;
