import {
  type Action,
  IMPORT_PROGRESS_TYPE,
  type ResourceDef,
  exportAnswerSchema,
  exportBodySchema,
  importAnswerSchema,
  importBodySchema,
  importDeclineSchema,
  importExampleSchema,
  importFieldSchema,
  importFields,
  importProgressLineSchema,
  historyEntrySchema,
  jsonSchema,
  modelSchemaAnswerSchema,
  restoreAnswerSchema,
  rightsFor,
  versionConflictSchema,
} from '@backoffice/resources';
import { LIST_HEADERS, listParameters } from './list-parameters';
import { MODEL_REFUSALS, type ModelOperation } from './model-refusals';
import { type Answer, type Callers, type OperationContract, refusal } from './operation';
import { componentRef } from './resource-schemas';

const json = (description: string, schema: Record<string, unknown>): Answer => ({ description, schema });
const ETAG = { description: 'The version of the record (weak): send it back as If-Match', schema: { type: 'string' } };
const IF_MATCH = { schema: { type: 'string' }, description: 'The ETag the record was read with: a write to a record changed since answers 412' };
const noRecord = refusal('No such record in your company, or X-Company-Id names no company');

/** A model's operations as the generic routes and the transfer routes serve them: only those its definition allows. */
export function modelOperations(def: ResourceDef): OperationContract[] {
  const base = `/api/company/model/${def.name}`;
  const record = componentRef(def, 'record');
  const label = def.label.toLowerCase();
  const plural = (def.labelPlural ?? def.label).toLowerCase();
  const refusals = MODEL_REFUSALS[def.name] ?? {};
  // a model without import fields cannot be imported, whoever may
  const importable = importFields(def).length > 0;
  const operation = (name: ModelOperation, action: Action, contract: Omit<OperationContract, 'operationId' | 'tags' | 'callers'>): OperationContract[] => {
    const rights = rightsFor(def, action);
    // nobody may: the operation does not exist for this model
    if (!rights || (!importable && (action === 'import' || action === 'patch'))) return [];
    const callers: Callers = rights;
    const own = Object.fromEntries(Object.entries(refusals[name] ?? {}).map(([status, description]) => [status, refusal(description)]));
    return [{ ...contract, operationId: `${def.name}${name[0].toUpperCase()}${name.slice(1)}`, tags: [def.name], callers, answers: { ...contract.answers, ...own } }];
  };
  const withId = { answers: { 404: noRecord } };
  // writes to a record honour the version its reader was given (ETag): a stale one is refused with the record as it is
  const versioned: { headers: OperationContract['headers']; answers: Record<number, Answer> } = { headers: { 'If-Match': IF_MATCH }, answers: { 412: json('The record changed since the version If-Match names: its version and the record as it now is', versionConflictSchema) } };
  const actionOn = (name: ModelOperation, action: Action, summary: string, status = 200, version = true) =>
    operation(name, action, {
      method: 'post',
      path: `${base}/{id}/${name}`,
      summary,
      ...(version && { headers: versioned.headers }),
      answers: { [status]: json('The record', record), ...withId.answers, ...(version ? versioned.answers : {}) },
    });
  const importAnswers = {
    200: {
      ...json('Written, or checked only (validate-only=true). With Accept: application/x-ndjson, progress lines and last the status and body of the plain answer', importAnswerSchema),
      also: { [IMPORT_PROGRESS_TYPE]: importProgressLineSchema },
    },
    422: json('Declined: nothing written; every header and row problem named', importDeclineSchema),
  };
  const importQuery = { 'validate-only': { schema: { type: 'boolean' }, description: 'check every row, write none' } };
  return [
    ...operation('list', 'read', {
      method: 'get',
      path: base,
      summary: `List ${plural}`,
      query: listParameters(def),
      answers: { 200: { description: 'One page (every row without paging)', headers: LIST_HEADERS, schema: jsonSchema.array(record) } },
    }),
    ...operation('create', 'create', { method: 'post', path: base, summary: `Create a ${label}`, body: { schema: componentRef(def, 'create') }, answers: { 201: json('Created', record) } }),
    ...operation('read', 'read', {
      method: 'get',
      path: `${base}/{id}`,
      summary: `Read a ${label}`,
      query: { _select: listParameters(def)._select, ...(listParameters(def)._populate && { _populate: listParameters(def)._populate }) },
      answers: { 200: { ...json('The record', record), headers: { ETag: ETAG } }, ...withId.answers },
    }),
    ...operation('update', 'update', {
      method: 'patch',
      path: `${base}/{id}`,
      summary: `Change a ${label}: objects merge, lists replace; a change of nothing writes nothing`,
      body: { schema: componentRef(def, 'update') },
      headers: versioned.headers,
      answers: {
        200: {
          description: 'The record as stored',
          schema: record,
          headers: { ETag: ETAG, 'X-Sessions-Ended': { description: 'How many sessions of the person the change ended (a new email or password, a right taken, archived)', schema: { type: 'integer' } } },
        },
        ...withId.answers,
        ...versioned.answers,
      },
    }),
    ...operation('delete', 'delete', { method: 'delete', path: `${base}/{id}`, summary: `Delete a ${label}`, headers: versioned.headers, answers: { 200: json('The deleted record', record), ...withId.answers, ...versioned.answers } }),
    ...(def.archivable ? [...actionOn('archive', 'archive', `Archive a ${label}`), ...actionOn('unarchive', 'archive', `Unarchive a ${label}`)] : []),
    ...(def.duplicate === false ? [] : actionOn('duplicate', 'create', `Copy a ${label} (named "… (copy)", without what a copy leaves out)`, 201, false)),
    ...operation('history', 'read', {
      method: 'get',
      path: `${base}/{id}/history`,
      summary: `The history of a ${label}, newest first: when, who, which door, what changed field by field (as the reader may read it)`,
      query: { _start: { schema: { type: 'integer', minimum: 0 } }, _end: { schema: { type: 'integer', minimum: 0 }, description: '20 entries after _start when left out, 100 at most' } },
      answers: { 200: { ...json('The entries', jsonSchema.array(historyEntrySchema)), headers: { 'X-Total-Count': { description: 'the entries of the record', schema: { type: 'integer' } } } }, ...withId.answers },
    }),
    ...(def.restorable === false
      ? []
      : operation('restore', 'update', {
        method: 'post',
        path: `${base}/{id}/history/{entryId}/restore`,
        summary: `Put the ${label} back as it was after a history entry, through the write pipeline (door restore)`,
        headers: versioned.headers,
        answers: { 200: { ...json('The record, and the fields left as they were (not the restorer\'s to write)', restoreAnswerSchema), headers: { ETag: ETAG } }, 404: refusal('No such record, or no such entry of its history'), ...versioned.answers },
      })),
    ...operation('schema', 'read', { method: 'get', path: `${base}/schema`, summary: `The JSON schema of a ${label} and the fields an export may hold`, answers: { 200: json('The schema', modelSchemaAnswerSchema) } }),
    ...operation('importFields', rightsFor(def, 'import') ? 'import' : 'patch', {
      method: 'get',
      path: `${base}/import/fields`,
      summary: 'The fields the import wizard offers; with mode=patch, those of the import/patch wizard (which needs the patch right)',
      query: { mode: { schema: { type: 'string', enum: ['import', 'patch'] } } },
      answers: { 200: json('The fields', jsonSchema.array(importFieldSchema)) },
    }),
    ...operation('importExample', 'import', {
      method: 'post',
      path: `${base}/import/example`,
      summary: 'An example CSV of the import headers, with the base values given',
      body: { schema: jsonSchema.object({ importCsvBase: jsonSchema.record(jsonSchema.any()) }, { optional: ['importCsvBase'] }) },
      answers: { 200: json('The CSV', importExampleSchema) },
    }),
    ...operation('import', 'import', {
      method: 'post',
      path: `${base}/import`,
      summary: `Import ${plural}: at most 100 000 rows, all written or none`,
      query: importQuery,
      body: { schema: importBodySchema },
      answers: importAnswers,
    }),
    ...operation('importPatch', 'patch', {
      method: 'post',
      path: `${base}/import/patch`,
      summary: `Change ${plural} by _id from rows: at most 100 000, all written or none`,
      query: importQuery,
      body: { schema: importBodySchema },
      answers: importAnswers,
    }),
    ...operation('export', 'export', { method: 'post', path: `${base}/export`, summary: 'Export to the clipboard: the CSV inside JSON', body: { schema: exportBodySchema }, answers: { 200: json('The CSV', exportAnswerSchema) } }),
    ...operation('exportCsv', 'export', {
      method: 'post',
      path: `${base}/export/csv`,
      summary: 'Export as a CSV download, streamed',
      body: { schema: exportBodySchema },
      answers: { 200: { description: 'The CSV: _id and the fields asked for', mediaType: 'text/csv', schema: { type: 'string' } } },
    }),
    ...operation('exportXlsx', 'export', {
      method: 'post',
      path: `${base}/export/xlsx`,
      summary: 'Export as an XLSX download, streamed',
      body: { schema: exportBodySchema },
      answers: { 200: { description: 'The workbook', mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } } },
    }),
  ];
}
