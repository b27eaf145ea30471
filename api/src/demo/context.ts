import { findResource } from '@backoffice/resources';
import type { Queryable } from '../database/database';
import { bulkInsert, type NewRow } from '../database/bulk-insert';
import { Random } from './random';

export type Doc = Record<string, unknown>;

const DAY = 86_400;

/** The moments the demo spreads its data over: the current calendar year up to now. */
export interface DemoClock {
  now: number;
  yearStart: number;
  /** records dated in the year fall in [yearStart, spreadEnd) */
  spreadEnd: number;
}

export function demoClock(now: Date = new Date()): DemoClock {
  const nowUnix = Math.floor(now.getTime() / 1000);
  const yearStart = Math.floor(Date.UTC(now.getUTCFullYear(), 0, 1) / 1000);
  const yearEnd = Math.floor(Date.UTC(now.getUTCFullYear() + 1, 0, 1) / 1000);
  // early in January there is too little past to spread over: use the whole year then
  const spreadEnd = nowUnix - yearStart < 14 * DAY ? yearEnd : nowUnix;
  return { now: nowUnix, yearStart, spreadEnd };
}

/** `{ unix, date }`, the spec's shape of a moment (`state.put.at`, `start`, `birthday`). */
export function moment(unix: number): { unix: number; date: string } {
  return { unix, date: new Date(unix * 1000).toISOString() };
}

/** `state` and `stateHistory` from the steps a record went through, oldest first. */
export function stateWithHistory(steps: readonly (readonly [string, number])[], by?: string): { state: Doc; stateHistory: Doc[] } {
  const history = steps.map(([id, unix]) => ({ id, put: { at: moment(unix), ...(by && { by }) } }));
  const last = history[history.length - 1];
  return { state: { id: last.id, put: last.put }, stateHistory: history };
}

/**
 * Collects the rows of one company before they are inserted. Ids are ObjectId-style, dated at the
 * record's creation moment, with the rest drawn from the seeded generator so runs are reproducible.
 */
export class DemoContext {
  readonly rows = new Map<string, NewRow[]>();

  constructor(
    readonly companyId: string,
    readonly rng: Random,
    readonly clock: DemoClock,
  ) {}

  id(createdAt: number): string {
    return Math.max(0, Math.floor(createdAt)).toString(16).padStart(8, '0') + this.rng.hex(16);
  }

  /** Adds a record of a model and returns its id. */
  add(model: string, createdAt: number, doc: Doc, id = this.id(createdAt)): string {
    let list = this.rows.get(model);
    if (!list) this.rows.set(model, (list = []));
    list.push({ id, companyId: this.companyId, doc });
    return id;
  }

  count(model: string): number {
    return this.rows.get(model)?.length ?? 0;
  }

  /** A moment in the demo year, uniformly. */
  inYear(): number {
    const { yearStart, spreadEnd } = this.clock;
    return this.rng.int(yearStart, spreadEnd - 1);
  }
}

/** `meta` of a record created at a moment: archived only where the model has it. */
export function metaOf(model: string, createdAt: number, extra: Doc = {}): Doc {
  const def = findResource(model);
  const archivable = def ? def.fields.some((field) => field.path === 'meta.archived') : true;
  return { ...(archivable && { archived: false }), createdAt, updatedAt: createdAt, ...extra };
}

/** Inserts every collected row, model by model, in moderate chunks (PGlite's memory grows with the statement). */
export async function insertRows(db: Queryable, contexts: readonly DemoContext[], models: (model: string) => boolean = () => true, chunkSize = 2000): Promise<void> {
  for (const context of contexts) {
    for (const [model, rows] of context.rows) {
      if (!models(model)) continue;
      const def = findResource(model);
      if (!def) throw new Error(`demo data names an unknown model ${model}`);
      await bulkInsert(db, def, rows, chunkSize);
    }
  }
}

export const DEMO_DAY = DAY;
