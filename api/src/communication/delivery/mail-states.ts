import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RecordHooks } from '../../records/record-hooks';
import type { Doc } from '../../records/record-repository';

/**
 * How far along its way a mail is (part 1 section 4). A state only ever moves to a higher rank, so duplicate
 * and late webhook events never move a mail back: 'delivered' arriving after 'opened' joins the history, the
 * state stays Opened. Complaints and unsubscribes come after opening; a permanent failure ends the way.
 */
export const MAIL_STATE_RANK: Record<string, number> = {
  created: 0,
  'mg-accepted': 1,
  'mg-rejected': 2,
  'mg-failed': 2,
  'mg-delivered': 3,
  'mg-opened': 4,
  'mg-clicked': 5,
  'mg-complained': 6,
  'mg-unsubscribed': 6,
};

/** Mailgun webhook events and the state each moves a mail to; a temporary failure moves nothing (Mailgun retries). */
export function mailStateOfEvent(event: string, severity: unknown): string | null {
  if (event === 'failed') return severity === 'temporary' ? null : 'mg-failed';
  const state = `mg-${event}`;
  return state in MAIL_STATE_RANK ? state : null;
}

interface HistoryEntry {
  id: string;
  put: { at: { unix: number; date: string }; by?: string };
}

/** Both histories, each state once (its first time), in time order; the state is the highest rank reached. */
export function mergeMailHistory(before: Doc, after: Doc): Doc {
  const entries = [...((before.stateHistory as HistoryEntry[] | undefined) ?? []), ...((after.stateHistory as HistoryEntry[] | undefined) ?? [])];
  const first = new Map<string, HistoryEntry>();
  for (const entry of entries) {
    const known = first.get(entry.id);
    if (!known || entry.put.at.unix < known.put.at.unix) first.set(entry.id, entry);
  }
  const history = [...first.values()].sort((a, b) => a.put.at.unix - b.put.at.unix || (MAIL_STATE_RANK[a.id] ?? 0) - (MAIL_STATE_RANK[b.id] ?? 0));
  const state = history.reduce<HistoryEntry | null>((best, entry) => (!best || (MAIL_STATE_RANK[entry.id] ?? -1) > (MAIL_STATE_RANK[best.id] ?? -1) ? entry : best), null);
  return { stateHistory: history, ...(state && { state: { id: state.id, put: state.put } }) };
}

/** Every write of a mail keeps its history whole and its state from moving back, whoever writes it. */
@Injectable()
export class MailStateRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('communicationMail', {
      async beforeUpdate(_tx, _actor, before, after) {
        Object.assign(after, mergeMailHistory(before.doc, after));
      },
    });
  }
}
