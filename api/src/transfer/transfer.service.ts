import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  OBJECT_ID,
  getPath,
  importFields,
  mergePatch,
  validateRecord,
  withDefaults,
} from '@backoffice/resources';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { toCsv } from '../common/csv';
import { exportableFields } from './export.service';
import { newId } from '../common/object-id';
import { stampTimes } from '../records/record-input';
import { type Doc, RecordRepository, type StoredRecord } from '../records/record-repository';
import { missingReferences } from '../records/reference-check';
import { RecordService } from '../records/record.service';
import { resourceSchema } from '../openapi/resource-schemas';
import { type ValidateError, checkHeaders, readPayload, rowToDoc } from './import-rows';

export const MAX_IMPORT_ROWS = 10_000;

/** The import and patch wizards' API (and the export's field list): validated rows in, all or nothing. */
@Injectable()
export class TransferService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: RecordRepository,
    private readonly audit: AuditService,
  ) {}

  schema(model: string, actor: Actor) {
    const def = this.records.resource(model, actor, 'read');
    return { model: def.name, label: def.label, schema: resourceSchema(def), exportFields: exportableFields(def, actor) };
  }

  importFieldList(model: string, actor: Actor, mode: 'import' | 'patch') {
    const def = this.records.resource(model, actor, mode);
    const fields = importFields(def).map(([key, field, rule]) => ({
      key,
      description: rule.description ?? field.label ?? key,
      formatHint: rule.formatHint ?? '',
      required: Boolean(rule.required || field.required),
      requiredButInBase: Boolean(rule.requiredButInBase),
    }));
    return mode === 'patch' ? [{ key: '_id', description: 'Id of the record to change', formatHint: '24 characters', required: true, requiredButInBase: false }, ...fields] : fields;
  }

  /** An example CSV with the import headers, starting from the base values the wizard passes. */
  example(model: string, actor: Actor, base: unknown) {
    const fields = this.importFieldList(model, actor, 'import');
    const baseDoc = typeof base === 'object' && base !== null ? base : {};
    return { data: { csv: toCsv([fields.map((field) => field.key), fields.map((field) => String(getPath(baseDoc, field.key) ?? field.formatHint ?? ''))]) } };
  }

  /** Checks every row; with validateOnly nothing is written, otherwise all rows are written in one transaction or none. */
  async importRows(model: string, actor: Actor, body: unknown, mode: 'import' | 'patch', validateOnly: boolean) {
    const def = this.records.resource(model, actor, mode);
    const payload = readPayload(body);
    if (typeof payload === 'string') throw invalid(payload);
    if (payload.rows.length > MAX_IMPORT_ROWS) throw invalid(`At most ${MAX_IMPORT_ROWS} rows per import`);
    const headers = checkHeaders(def, payload.headers, mode, actor.rights, payload.base);
    const rowValidateErrors: ValidateError[] = [];
    const prepared = payload.rows.map((row, index) => {
      const { doc, id, problems } = rowToDoc(headers.columns, row);
      for (const message of problems) rowValidateErrors.push({ index, message });
      if (mode === 'patch' && (!id || !OBJECT_ID.test(id))) rowValidateErrors.push({ index, message: '_id must be a record id', info: id });
      return { index, id, doc: mode === 'import' ? mergePatch(payload.base ?? {}, doc) : doc };
    });
    const decline = () => new HttpException({ message: 'The import has problems', decline: { headerValidateErrors: headers.errors, rowValidateErrors } }, HttpStatus.UNPROCESSABLE_ENTITY);
    if (headers.blocking || rowValidateErrors.length > 0) throw decline();
    const written = await this.repository.transaction(async (tx) => {
      const writes: { index: number; id: string; before: StoredRecord | null; after: Doc }[] = [];
      for (const row of prepared) {
        const before = mode === 'import' ? null : await this.repository.get(def, actor.companyId, row.id!, tx, true);
        if (mode === 'patch' && !before) {
          rowValidateErrors.push({ index: row.index, message: `No ${def.name} with id ${row.id}`, info: row.id });
          continue;
        }
        const after = before ? stampTimes(def, mergePatch(before.doc, row.doc), false) : stampTimes(def, withDefaults(def, row.doc), true);
        const errors = validateRecord(def, after);
        if (errors.length > 0) rowValidateErrors.push(...errors.map((error) => ({ index: row.index, message: error.message, info: error.field })));
        else writes.push({ index: row.index, id: before?.id ?? newId(), before, after });
      }
      const missing = await missingReferences(tx, actor.companyId, def, writes.map((write) => ({ before: write.before?.doc ?? null, after: write.after })));
      writes.forEach((write, at) => rowValidateErrors.push(...missing[at].map((error) => ({ index: write.index, message: error.message, info: error.field }))));
      if (rowValidateErrors.length > 0) throw decline();
      if (!validateOnly) {
        for (const write of writes) {
          if (write.before) await this.repository.update(tx, def, actor.companyId, write.id, write.after);
          else await this.repository.insert(tx, def, actor.companyId, write.id, write.after);
          await this.audit.record(tx, actor, def, write.id, write.before ? 'update' : 'create', write.before?.doc ?? null, write.after);
        }
      }
      return writes.length;
    });
    return { data: { validated: validateOnly, count: written, headerValidateErrors: headers.errors } };
  }
}
