import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RecordHooks } from '../../records/record-hooks';
import type { Doc } from '../../records/record-repository';
import { MAIL_STATE_RANK } from './mail-states';
import { SMS_STATE_RANK } from './sms-states';

interface HistoryEntry {
  id: string;
  put: { at: { unix: number; date: string }; by?: string };
}

/**
 * Both histories, each state once (its first time), in time order; the state is the highest rank reached (of equal
 * ranks, the first reached), so duplicate and late provider reports never move a message back.
 */
export function mergeStateHistory(rank: Readonly<Record<string, number>>, before: Doc, after: Doc): Doc {
  const entries = [...((before.stateHistory as HistoryEntry[] | undefined) ?? []), ...((after.stateHistory as HistoryEntry[] | undefined) ?? [])];
  const first = new Map<string, HistoryEntry>();
  for (const entry of entries) {
    const known = first.get(entry.id);
    if (!known || entry.put.at.unix < known.put.at.unix) first.set(entry.id, entry);
  }
  const history = [...first.values()].sort((a, b) => a.put.at.unix - b.put.at.unix || (rank[a.id] ?? 0) - (rank[b.id] ?? 0));
  const state = history.reduce<HistoryEntry | null>((best, entry) => (!best || (rank[entry.id] ?? -1) > (rank[best.id] ?? -1) ? entry : best), null);
  return { stateHistory: history, ...(state && { state: { id: state.id, put: state.put } }) };
}

/** Every write of a sent mail or SMS keeps its history whole and its state from moving back, whoever writes it. */
@Injectable()
export class MessageStateRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    for (const [model, rank] of [['communicationMail', MAIL_STATE_RANK], ['communicationSms', SMS_STATE_RANK]] as const) {
      this.hooks.register(model, {
        async beforeUpdate(_tx, _actor, before, after) {
          Object.assign(after, mergeStateHistory(rank, before.doc, after));
        },
      });
    }
  }
}
