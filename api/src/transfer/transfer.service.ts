import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  MAX_IMPORT_ROWS,
  OBJECT_ID,
  forbiddenWrites,
  getPath,
  importFields,
  mergePatch,
} from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { toCsv } from '../common/csv';
import { inputBody } from '../records/record-input';
import { RecordRepository } from '../records/record-repository';
import { exportableFields } from './export.service';
import { RecordService } from '../records/record.service';
import { type PendingWrite, WritePipeline, type WriteProgress, WritesRefused } from '../records/write-pipeline';
import { resourceSchema } from '../openapi/resource-schemas';
import { type ValidateError, checkHeaders, readPayload, rowToDoc } from './import-rows';

/** The import and patch wizards' API (and the export's field list): validated rows in, all or nothing. */
@Injectable()
export class TransferService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: RecordRepository,
    private readonly pipeline: WritePipeline,
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

  /**
   * Checks every row through the write pipeline (field rights, validation, who may act on whom, hooks,
   * references); with validateOnly nothing is written, otherwise all rows are written in one transaction or none.
   * The base every row starts from is input like any other. `onProgress` hears how many rows are checked and
   * written so far.
   */
  async importRows(model: string, actor: Actor, body: unknown, mode: 'import' | 'patch', validateOnly: boolean, onProgress?: WriteProgress) {
    const def = this.records.resource(model, actor, mode);
    const payload = readPayload(body);
    if (typeof payload === 'string') throw invalid(payload);
    if (payload.rows.length > MAX_IMPORT_ROWS) throw invalid(`At most ${MAX_IMPORT_ROWS} rows per import`);
    const base = mode === 'import' ? inputBody(def, payload.base ?? {}) : {};
    const baseRefused = forbiddenWrites(def, base, actor.rights);
    if (baseRefused.length > 0) throw invalid(`import.base: ${baseRefused.map((error) => error.message).join('; ')}`, baseRefused.map((error) => ({ ...error, field: `import.base.${error.field}` })));
    const headers = checkHeaders(def, payload.headers, mode, actor.rights, base);
    const rowValidateErrors: ValidateError[] = [];
    const rows = payload.rows.map((row, index) => {
      const { doc, id, problems } = rowToDoc(headers.columns, row);
      for (const message of problems) rowValidateErrors.push({ index, message });
      if (mode === 'patch' && (!id || !OBJECT_ID.test(id))) rowValidateErrors.push({ index, message: '_id must be a record id', info: id });
      return { index, id, doc };
    });
    const decline = () => new HttpException({ message: 'The import has problems', decline: { headerValidateErrors: headers.errors, rowValidateErrors } }, HttpStatus.UNPROCESSABLE_ENTITY);
    if (headers.blocking || rowValidateErrors.length > 0) throw decline();
    const written = await this.repository.transaction(async (tx) => {
      const stored = mode === 'patch' ? await this.repository.findByIds(def, actor.companyId, rows.map((row) => row.id!), tx, true) : [];
      const byId = new Map(stored.map((record) => [record.id, record]));
      const writes: (PendingWrite & { index: number })[] = [];
      for (const row of rows) {
        const before = mode === 'patch' ? byId.get(row.id!) : null;
        if (before === undefined) rowValidateErrors.push({ index: row.index, message: `No ${def.name} with id ${row.id}`, info: row.id });
        else writes.push({ index: row.index, before, input: before ? row.doc : mergePatch(base, row.doc) });
      }
      if (rowValidateErrors.length > 0) throw decline();
      try {
        const door = mode === 'import' ? 'import' : 'import/patch';
        return (await this.pipeline.writeMany(def, actor, writes, { tx, validateOnly, onProgress, door })).records.length;
      } catch (error) {
        if (!(error instanceof WritesRefused)) throw error;
        for (const [at, errors] of error.problems) rowValidateErrors.push(...errors.map((problem) => ({ index: writes[at].index, message: problem.message, info: problem.field })));
        throw decline();
      }
    });
    return { data: { validated: validateOnly, count: written, headerValidateErrors: headers.errors } };
  }
}
