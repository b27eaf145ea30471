import { choicesByLabel, resolveField, type ResourceDef } from '@backoffice/resources';

export interface StateTab {
  key: string;
  label: string;
  states: string[];
}

/** The filter tabs of the mail overview, from the state labels of the definition (spec part 1 section 4). */
export function stateTabs(def: ResourceDef): StateTab[] {
  const field = resolveField(def, 'state.id');
  const groups = field ? choicesByLabel(field) : [];
  return [{ key: 'all', label: 'All', states: [] }, ...groups.map(({ label, choices }) => ({ key: label.toLowerCase(), label, states: choices }))];
}

/** The tab whose states equal the filter's, 'all' when there is no filter. */
export function activeTab(tabs: StateTab[], filterValue: unknown): string {
  const states = Array.isArray(filterValue) ? filterValue.map(String) : filterValue ? String(filterValue).split(',') : [];
  if (states.length === 0) return 'all';
  const key = [...states].sort().join(',');
  return tabs.find((tab) => [...tab.states].sort().join(',') === key)?.key ?? 'all';
}
