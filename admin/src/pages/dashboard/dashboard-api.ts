import type { DashboardAnswer } from '@backoffice/resources';
import { api } from '../../providers/http';

export type { DashboardAnswer, DashboardTab } from '@backoffice/resources';

export const readDashboard = () => api<DashboardAnswer>('/api/company/dashboard').then((response) => response.data);

/** A token made for the blocks editor alone, short-lived; the session token never leaves the admin. */
export const editorToken = () => api<{ token: string }>('/api/company/dashboard/editor-token', { method: 'POST' }).then((response) => response.data.token);

/** The blocks editor's address with the page, the token and our origin as parameters. */
export function blocksEditorLink(editorUrl: string, pageId: string, token: string, origin: string): string {
  const link = new URL(editorUrl);
  link.searchParams.set('pageId', pageId);
  link.searchParams.set('token', token);
  link.searchParams.set('origin', origin);
  return link.toString();
}
