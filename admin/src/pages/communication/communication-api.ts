import { api } from '../../providers/http';

/** The communication endpoints of the API (api/src/communication), typed for the pages. */
export interface TemplateForm {
  _id?: string;
  format: string;
  name?: { full?: string };
  role?: string | null;
  subject?: Record<string, string>;
  content?: Record<string, string>;
  footer?: Record<string, string>;
  data?: Record<string, string>;
}

export interface RenderedPreview {
  html: string;
  subject: string;
  rendered: { kind: 'mail' | 'sms' | 'notification'; text: string; language: string };
}

export interface SendOutcome {
  state: 'done' | 'declined' | 'error';
  reason: string | null;
  recordId: string | null;
  error: string | null;
}

export const renderPreview = (template: TemplateForm, signal?: AbortSignal) =>
  api<{ data: { data: RenderedPreview }[] }>('/api/company/template/render', { method: 'POST', body: { template }, signal, readsOnly: true }).then((response) => response.data.data[0].data);

export const sendPreview = (template: TemplateForm) =>
  api<{ message: string; outcome: SendOutcome }>('/api/company/template/send-preview', { method: 'POST', body: { template } }).then((response) => response.data);

export const templateSuggestions = () => api<TemplateForm[]>('/api/company/template/suggestions').then((response) => response.data);

export const sendPushTest = (message: Record<string, unknown>) =>
  api<{ message: string; ticketId: string }>('/api/company/communication/push-notification', { method: 'POST', body: message }).then((response) => response.data);

export const resendMail = (mailId: string) =>
  api<{ message: string; outcome: SendOutcome }>(`/api/company/communication/mail/${encodeURIComponent(mailId)}/resend`, { method: 'POST' }).then((response) => response.data);

/** The editor's `?template=` parameter: a preset as URI-encoded JSON. */
export const encodePreset = (preset: TemplateForm) => encodeURIComponent(JSON.stringify(preset));
export function decodePreset(value: string | null): TemplateForm | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' && typeof (parsed as TemplateForm).format === 'string' ? (parsed as TemplateForm) : null;
  } catch {
    return null;
  }
}
