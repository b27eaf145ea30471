import { Injectable } from '@nestjs/common';
import { KINDS, OBJECT_ID, type FieldDef, type ResourceDef, type SpreadsheetCell, canSeeField, fieldsByPath, getPath, spreadsheetCell } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { Params, type RawQuery, parseListQuery } from '../records/list-query';
import { RecordRepository, type StoredRecord } from '../records/record-repository';
import { RecordService } from '../records/record.service';

/** The spec's limit of the wizard's id collection; an export by filters has no list of ids and no limit. */
export const MAX_EXPORT_IDS = 99_999;
/** Rows read from the database at a time: the memory an export holds, whatever its size. */
const EXPORT_BATCH = 1000;

/** Fields an export may contain: every scalar field the caller can see. */
export function exportableFields(def: ResourceDef, actor: Actor): { key: string; label: string }[] {
  return [...fieldsByPath(def)]
    .filter(([, field]) => canSeeField(field, actor.rights) && field.kind !== 'object')
    .map(([path, field]) => ({ key: path, label: field.label ?? path }));
}

/** A checked export: its header, its records in batches, and a record's row as CSV texts or as typed spreadsheet cells. */
export interface ExportPlan {
  def: ResourceDef;
  header: string[];
  /** calls `onRecords` with each batch in order; waits for it before reading on */
  eachBatch(onRecords: (records: StoredRecord[]) => Promise<void>): Promise<void>;
  csvRow(record: StoredRecord): string[];
  cellRow(record: StoredRecord): SpreadsheetCell[];
}

const PAGE_KEYS = new Set(['_start', '_end', '_select', '_populate']);

/**
 * Exports of the wizard: `{fields, ids}` (at most 99 999, in their order) or `{fields, query}` (the list's filters,
 * sort and search in its query-string form, every matching record), read in batches so memory stays flat.
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: RecordRepository,
  ) {}

  plan(model: string, actor: Actor, body: unknown): ExportPlan {
    const def = this.records.resource(model, actor, 'export');
    const { ids, query, fields } = (body ?? {}) as { ids?: unknown; query?: unknown; fields?: unknown };
    const allowed = new Set(exportableFields(def, actor).map((field) => field.key));
    if (!Array.isArray(fields) || fields.length === 0) throw invalid('Pick at least one field', [{ field: 'fields', message: 'pick at least one field' }]);
    for (const path of fields) if (typeof path !== 'string' || !allowed.has(path)) throw invalid(`Unknown field "${path}"`, [{ field: String(path), message: 'unknown field' }]);
    const byPath = fieldsByPath(def);
    const columns = (fields as string[]).map((path): [string, FieldDef] => [path, byPath.get(path)!]);
    const rows = {
      def,
      header: ['_id', ...(fields as string[])],
      csvRow: (record: StoredRecord) => [record.id, ...columns.map(([path, field]) => KINDS[field.kind].toCsv(getPath(record.doc, path), field))],
      cellRow: (record: StoredRecord) => [record.id, ...columns.map(([path, field]) => spreadsheetCell(KINDS[field.kind], getPath(record.doc, path), field))],
    };
    if (ids !== undefined) {
      const checked = this.checkedIds(ids);
      return { ...rows, eachBatch: (onRecords) => this.byIds(def, actor, checked, onRecords) };
    }
    if (typeof query !== 'object' || query === null || Array.isArray(query)) throw invalid('Send ids or query', [{ field: 'query', message: 'send ids or the list query' }]);
    const listQuery = Object.fromEntries(Object.entries(query as RawQuery).filter(([key]) => !PAGE_KEYS.has(key)));
    const params = new Params();
    const parsed = parseListQuery(def, listQuery, actor.rights, params);
    const scope = this.records.scope(def, 'export', actor);
    if (scope) parsed.conditions.push(`id = ANY(${params.add(scope)}::text[])`);
    return { ...rows, eachBatch: (onRecords) => this.repository.eachBatch(def, actor.companyId, parsed, EXPORT_BATCH, onRecords) };
  }

  private checkedIds(ids: unknown): string[] {
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && OBJECT_ID.test(id))) throw invalid('ids must be a list of record ids', [{ field: 'ids', message: 'must be a list of record ids' }]);
    if (ids.length > MAX_EXPORT_IDS) throw invalid(`At most ${MAX_EXPORT_IDS} records per export`, [{ field: 'ids', message: `at most ${MAX_EXPORT_IDS}` }]);
    return ids as string[];
  }

  private async byIds(def: ResourceDef, actor: Actor, ids: string[], onRows: (rows: StoredRecord[]) => Promise<void>): Promise<void> {
    const scope = this.records.scope(def, 'export', actor);
    const allowed = (id: string) => !scope || scope.includes(id);
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const chunk = ids.slice(start, start + EXPORT_BATCH).filter(allowed);
      const found = new Map((await this.repository.findByIds(def, actor.companyId, chunk)).map((record) => [record.id, record]));
      await onRows(chunk.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])));
    }
  }
}
