import { AUDIT_ACTIONS, AUDIT_DOORS, type AuditDoor } from '../models/audit-log';
import type { DroppedViewField } from '../saved-views';
import { jsonSchema as s, type Schema } from './schema';

/**
 * What every model gets beside its CRUD, shared by API and admin: a record's history and its restore, the company's
 * activity, the version conflict of a stale write, one search across the models and the saved views of a list.
 */

/** One field a write changed, by its path and the field's label, with the values before and after. */
export interface HistoryChange {
  path: string;
  label: string;
  old: unknown;
  new: unknown;
}

/** One write of a record, newest first in its history: when, who, through which door, and what it changed. */
export interface HistoryEntry {
  _id: string;
  at: { unix: number; date: string };
  /** the writer by name (their email when they have none); null when the user is gone */
  actor: { userId: string | null; name: string | null };
  action: (typeof AUDIT_ACTIONS)[number];
  /** null for entries written before doors were recorded */
  door: AuditDoor | null;
  /** the fields the reader may read, field by field (a create or delete lists every field it held) */
  changes: HistoryChange[];
  /** the titles of the records the changes refer to, by id, where the reader may read them */
  titles: Record<string, string>;
}

/** A write of the company's activity view: a history entry with the record it changed. */
export interface ActivityEntry extends HistoryEntry {
  model: string;
  recordId: string;
}

/** A restore's answer: the record as it now is, and the fields left as they were (not the restorer's to write). */
export interface RestoreAnswer {
  record: Record<string, unknown>;
  unrestored: { path: string; label: string }[];
}

/** 412: the record changed since the version the write names (If-Match); its current version and record. */
export interface VersionConflict {
  message: string;
  reason: 'version-changed';
  statusCode: 412;
  version: string;
  record: Record<string, unknown>;
}

/** The few matches of one model in the search across everything, by title. */
export interface SearchGroup {
  model: string;
  label: string;
  records: { _id: string; title: string; archived: boolean }[];
}

export interface SearchAnswer {
  q: string;
  groups: SearchGroup[];
}

/** A saved view as its reader may use it, with the fields left out for them. */
export type ReaderView = Record<string, unknown> & { _id: string; dropped: DroppedViewField[] };

const at = s.object({ unix: s.integer(), date: s.string() });
const change = s.object({ path: s.string(), label: s.string(), old: s.any(), new: s.any() });
const entryProperties = {
  _id: s.objectId(),
  at,
  actor: s.object({ userId: s.nullable(s.objectId()), name: s.nullable(s.string()) }),
  action: s.enum(AUDIT_ACTIONS),
  door: s.nullable(s.enum(AUDIT_DOORS)),
  changes: s.array(change),
  titles: s.record(s.string(), { description: 'titles of the records the changes refer to, by id' }),
};

export const historyEntrySchema: Schema<HistoryEntry> = s.named('HistoryEntry', s.object(entryProperties));

export const activityEntrySchema: Schema<ActivityEntry> = s.named('ActivityEntry', s.object({ ...entryProperties, model: s.string(), recordId: s.objectId() }));

export const restoreAnswerSchema: Schema<RestoreAnswer> = s.named(
  'RestoreAnswer',
  s.object({ record: s.record(s.any()), unrestored: s.array(s.object({ path: s.string(), label: s.string() })) }),
);

export const versionConflictSchema: Schema<VersionConflict> = s.named(
  'VersionConflict',
  s.object({
    message: s.string(),
    reason: s.literal('version-changed'),
    statusCode: s.literal(412),
    version: s.string({ description: 'the ETag of the record as it now is' }),
    record: s.record(s.any(), { description: 'the record as it now is, as the writer may read it' }),
  }),
);

export const searchAnswerSchema: Schema<SearchAnswer> = s.named(
  'SearchAnswer',
  s.object({
    q: s.string(),
    groups: s.array(s.object({ model: s.string(), label: s.string(), records: s.array(s.object({ _id: s.objectId(), title: s.string(), archived: s.boolean() })) })),
  }),
);

export const readerViewSchema: Schema<ReaderView> = s.named(
  'ReaderView',
  s.object(
    { _id: s.objectId(), dropped: s.array(s.object({ path: s.string(), reason: s.enum(['unknown', 'hidden']) }), { description: 'fields of the view left out for this reader' }) },
    { open: true },
  ),
);
