import type { VisitorCard } from '@backoffice/resources';
import { api } from '../../providers/http';

export type { VisitorCard } from '@backoffice/resources';

export const readCards = (eventId: string) => api<VisitorCard[]>(`/api/company/device/${encodeURIComponent(eventId)}/cards`).then((response) => response.data);

/** Card state lives on the guest record, so every printer sees the same approved, printed and lines. */
export const saveCard = (guestId: string, card: Partial<Pick<VisitorCard, 'isApproved' | 'isPrinted' | 'line1' | 'line2'>>) =>
  api(`/api/company/model/eventGuest/${encodeURIComponent(guestId)}`, { method: 'PATCH', body: { card } });

export const markApprovedPrinted = (eventId: string) =>
  api<{ printed: string[] }>(`/api/company/device/${encodeURIComponent(eventId)}/print-all`, { method: 'POST' }).then((response) => response.data);

export const qrImage = (card: VisitorCard) => `/api/image/qr/${encodeURIComponent(card.qrValue)}/png`;

/** 'Show all workshop' narrows to guests placed in a workshop group; the filter matches lines, name and email. */
export function visibleCards(cards: readonly VisitorCard[], filter: string, workshopOnly: boolean): VisitorCard[] {
  const needle = filter.trim().toLowerCase();
  return cards.filter((card) => (!workshopOnly || card.workshop)
    && (!needle || [card.line1, card.line2, card.name.full, card.email].some((text) => text?.toLowerCase().includes(needle))));
}
