import type { ReaderView, SavedViewSettings } from '@backoffice/resources';
import { MODEL_API } from '../../config';
import { api } from '../../providers/http';

/** A list's saved view as its reader gets it (api/src/saved-views): its settings, whose it is, what was left out. */
export type ListView = ReaderView & SavedViewSettings & { name: { full: string }; shared?: boolean; ownerRef?: { userId: string } };

export interface ViewToSave extends SavedViewSettings {
  name: { full: string };
  shared: boolean;
}

/** Views are read per list, checked for their reader, and written through the savedView model like any record. */
export const viewsApi = {
  list: async (model: string) => (await api<ListView[]>(`/api/company/saved-views/${model}`)).data,
  create: async (model: string, view: ViewToSave) => (await api<ListView>(`${MODEL_API}/savedView`, { method: 'POST', body: { ...view, model } })).data,
  update: async (id: string, view: ViewToSave) => (await api<ListView>(`${MODEL_API}/savedView/${id}`, { method: 'PATCH', body: view })).data,
  remove: async (id: string) => {
    await api(`${MODEL_API}/savedView/${id}`, { method: 'DELETE' });
  },
};
