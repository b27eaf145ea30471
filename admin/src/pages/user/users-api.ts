import type { AccessEntry, AdminRightsRow, AgeVerificationAnswer } from '@backoffice/resources';
import { api, downloadBlob, downloadFile } from '../../providers/http';
import { today } from '../model/export-file-name';
import { type TableQuery, exportQuery, postForFile } from '../model/transfer-api';

export type UserDoc = Record<string, any>;

/** The users and admin screen endpoints of the API (api/src/users). */
export const usersApi = {
  ageQueue: async () => (await api<{ data: UserDoc[]; total: number }>('/api/company/user-age-verification')).data,
  ageDecision: async (userId: string, decision: 'accept' | 'reject' | 'skip') =>
    (await api<{ data: AgeVerificationAnswer }>(`/api/company/user-age-verification/${userId}/${decision}`, { method: 'POST' })).data.data,
  adminRights: async () => (await api<{ data: AdminRightsRow[] }>('/api/company/admin/rights')).data.data,
  saveAdminRights: async (users: { userId: string; rights: AdminRightsRow['rights']; super?: boolean }[]) =>
    (await api<{ data: AdminRightsRow[] }>('/api/company/admin/rights', { method: 'PUT', body: { users } })).data.data,
  thirdParties: async () => (await api<{ data: UserDoc[] }>('/api/company/admin/third-party')).data.data,
  addThirdParty: async (userId: string) => api('/api/company/admin/third-party', { method: 'POST', body: { userId } }),
  removeThirdParty: async (userId: string) => api(`/api/company/admin/third-party/${userId}`, { method: 'DELETE' }),
  blocked: async () => (await api<{ data: { userId: string; user?: UserDoc }[] }>('/api/company/admin/blocked')).data.data,
  block: async (userId: string) => (await api<{ message: string }>('/api/company/admin/blocked', { method: 'POST', body: { userId } })).data,
  unblock: async (userId: string) => (await api<{ message: string }>(`/api/company/admin/blocked/${userId}`, { method: 'DELETE' })).data,
  addAccessRights: async (userId: string, body: { accessModel: string; accessScope: string; ids: string }) =>
    (await api<{ added: number; message?: string }>(`/api/company/user/${userId}/access/batch`, { method: 'POST', body })).data,
  linkTag: async (userId: string, tag: string) => (await api<{ data: { bracelet: UserDoc } }>(`/api/company/user/${userId}/bracelet/link`, { method: 'POST', body: { tag } })).data.data,
  unlinkTag: async (userId: string) => (await api<{ data: { bracelet: UserDoc } }>(`/api/company/user/${userId}/bracelet/unlink`, { method: 'POST' })).data.data,
  removePushToken: async (tokenId: string) => api(`/api/company/model/pushToken/${tokenId}`, { method: 'DELETE' }),
  /** the 'Other' card: ends every session of the user */
  endSessions: async (userId: string) => (await api<{ data: { ended: number } }>(`/api/company/user/${userId}/sessions/end`, { method: 'POST' })).data.data,
  uploadCv: async (userId: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return (await api<{ data: { _id: string; name: string } }>(`/api/company/user/${userId}/cv`, { method: 'POST', body })).data.data;
  },
  downloadCv: (userId: string) => downloadFile(`/api/company/user/${userId}/cv`),
  removeCv: async (userId: string) => api(`/api/company/user/${userId}/cv`, { method: 'DELETE' }),
  /** the CVs of the users the list query matches, as one zip named the date plus ' Export.zip' */
  exportCvs: async (query: TableQuery) => downloadBlob(await postForFile('/api/company/user-cv/export', { query: exportQuery(query) }), `${today()} Export.zip`),
  changePassword: async (userId: string, currentPassword: string, newPassword: string) =>
    api(`/api/company/user/${userId}/password`, { method: 'POST', body: { currentPassword, newPassword } }),
  /** users whose name or email holds the text, for pickers */
  search: async (text: string) =>
    (await api<UserDoc[]>('/api/company/model/user', { query: new URLSearchParams({ q: text, _end: '20', 'meta.archived': 'false', _select: '_id,name.full,email.value' }) })).data,
};

/** Access rights as the API stores them: no accessId where none was picked. */
export const storedAccess = (entries: AccessEntry[]) => entries.map(({ accessId, ...entry }) => (accessId ? { ...entry, accessId } : entry));

export const saveAccessRights = (userId: string, entries: AccessEntry[]) =>
  api(`/api/company/model/user/${userId}`, { method: 'PATCH', body: { accessRef: storedAccess(entries) } });
