import type { LiveRegister, LiveSales as SharedLiveSales, LockerEvent, ProductSales } from '@backoffice/resources';
import { api, downloadFile } from '../../providers/http';

/** The merchant domain endpoints of the API (api/src/merchant), typed for the pages. */
export type { LiveRegister, LockerEvent, LockerOption } from '@backoffice/resources';
export const merchantUrl = (merchantId: string, rest = '') => `/api/company/merchant/${encodeURIComponent(merchantId)}${rest}`;

/** A product as the live-sales answer carries it. */
export interface LiveProduct {
  _id: string;
  nameLocalized?: { full?: { en?: string; nl?: string } };
  price?: { cents?: number };
  taxPercentage?: number;
  image?: { profile?: string };
  merchantRef?: { merchantId?: string; merchant?: { name?: { full?: string } } };
}

export type ProductSalesRow = ProductSales<LiveProduct>;
export type LiveSales = SharedLiveSales<LiveProduct, { _id: string; name?: { full?: string } }>;


export interface ProductTemplate {
  product: Record<string, unknown>;
  productCount: number;
  confirm: { title: string; text: string } | null;
}



export const quickCreateMerchant = (en: string) => api<{ _id: string }>('/api/company/merchant', { method: 'POST', body: { nameLocalized: { full: { en } } } }).then((response) => response.data);

export const readLiveSales = (merchantId: string, from: number, to: number, signal?: AbortSignal) =>
  api<LiveSales>(merchantUrl(merchantId, '/live'), { query: new URLSearchParams({ from: String(from), to: String(to) }), signal }).then((response) => response.data);

export const readLiveRegister = (merchantId: string, interval: number, signal?: AbortSignal) =>
  api<LiveRegister>(merchantUrl(merchantId, '/live-register'), { query: new URLSearchParams({ interval: String(interval) }), signal }).then((response) => response.data);

export const productTemplate = (merchantId: string) => api<ProductTemplate>(merchantUrl(merchantId, '/product/create')).then((response) => response.data);

export const lockerEvents = () => api<LockerEvent[]>('/api/company/locker-company/event').then((response) => response.data);

export const lockerEvent = (eventId: string) =>
  api<{ event: LockerEvent; linked: boolean; message: string | null }>(`/api/company/locker-company/event/${encodeURIComponent(eventId)}`).then((response) => response.data);

/**
 * The invoice export (super admins): Moneybird's answer, or the API's error with its field errors. `confirmed` are
 * the earlier invoices of an overlapping period the person chose to export again over (the 409's `existing`).
 */
export const exportInvoice = (merchantId: string, from: number, to: number, confirmed: string[] = []) =>
  api<{ invoice: { id: string; state: string; url?: string }; sent: { details_attributes: unknown[] } }>(merchantUrl(merchantId, '/export/invoice'), { method: 'POST', body: { from, to, ...(confirmed.length > 0 && { confirm: confirmed }) } }).then((response) => response.data);

/** Four (or n) PNG suggestions for an image field, as object URLs with their bytes. */
export async function suggestImages(prompt: string, model: string, field: string, n = 4): Promise<Blob[]> {
  const { data } = await api<number[][]>('/api/image/ai/prompt/blob', { method: 'POST', body: { prompt, n, model, field }, readsOnly: true });
  return data.map((bytes) => new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
}

/** Downloads the sales CSV under the file name the API gives; answers that name. */
export const downloadCsv = (merchantId: string, from: number, to: number): Promise<string> =>
  downloadFile(`${merchantUrl(merchantId, '/export/csv')}?from=${from}&to=${to}`, undefined, 'Export.csv');
