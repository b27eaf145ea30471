import type { DashboardTab } from './dashboard-api';

export const DASHBOARD_PATH = '/company/dashboard';

export const MODEL_LABELS: Record<DashboardTab['model'], string> = {
  page: 'Pages',
  location: 'Locations',
  event: 'Events',
  video: 'Videos',
  merchant: 'Merchants',
};

/** `/{application|company}/{model}/create/edit`, back to the dashboard after saving; a preset is passed on encoded. */
export function createPath(tab: Pick<DashboardTab, 'area' | 'model'>, preset?: Record<string, unknown>): string {
  const query = new URLSearchParams({ to: DASHBOARD_PATH });
  if (preset) query.set('preset', JSON.stringify(preset));
  return `/${tab.area}/${tab.model}/create/edit?${query}`;
}

export const editPath = (tab: Pick<DashboardTab, 'area' | 'model'>, id: string) => `/${tab.area}/${tab.model}/${encodeURIComponent(id)}/edit`;
