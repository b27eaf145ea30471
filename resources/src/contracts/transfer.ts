import { jsonSchema, type Schema } from './schema';

/** The import and patch wizards' API (part 2 section 7): shared by the API (api/src/transfer) and the wizard. */

/** Rows one import or patch file may hold. */
export const MAX_IMPORT_ROWS = 100_000;

/** The media type a client accepts to hear an import's progress: one JSON object per line. */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';

/** How far the API is with an import: rows checked, then rows written. */
export interface ImportProgress {
  stage: 'validated' | 'written';
  rows: number;
}

/** A line of an answer with progress: `{progress}` while the API works, last `{status, body}`, the answer itself. */
export type ImportProgressLine = { progress: ImportProgress } | { status: number; body: unknown };

/** A problem of a header (its column) or a row (its index; -1 for the file as a whole), with what it concerns. */
export interface ValidateError {
  index: number;
  message: string;
  info?: unknown;
}

const validateError: Schema<ValidateError> = jsonSchema.named('ValidateError', jsonSchema.object({ index: jsonSchema.integer(), message: jsonSchema.string(), info: jsonSchema.any() }, { optional: ['info'] }));

/** The body of an import and of an import/patch. */
export const importBodySchema = jsonSchema.named(
  'ImportBody',
  jsonSchema.object({
    import: jsonSchema.object(
      {
        headers: jsonSchema.array(jsonSchema.string(), { description: 'field paths (import/patch: and _id)' }),
        rows: jsonSchema.array(jsonSchema.array(jsonSchema.nullable(jsonSchema.string())), { maxItems: MAX_IMPORT_ROWS, description: 'cells as the CSV holds them, one list per row, at most as many as headers' }),
        base: jsonSchema.record(jsonSchema.any(), { description: 'values every imported row starts from (import only)' }),
      },
      { optional: ['base'] },
    ),
  }),
);

/** An import's answer: written (or only checked, with validate-only) and the headers left out. */
export const importAnswerSchema = jsonSchema.named(
  'ImportAnswer',
  jsonSchema.object({ data: jsonSchema.object({ validated: jsonSchema.boolean(), count: jsonSchema.integer(), headerValidateErrors: jsonSchema.array(validateError) }) }),
);

/** An import declined (422): nothing was written; every problem named. */
export const importDeclineSchema = jsonSchema.named(
  'ImportDecline',
  jsonSchema.object({
    message: jsonSchema.string(),
    statusCode: jsonSchema.integer(),
    decline: jsonSchema.object({ headerValidateErrors: jsonSchema.array(validateError), rowValidateErrors: jsonSchema.array(validateError) }),
  }),
);

/** A line of an import's answer with progress (`Accept: application/x-ndjson`). */
export const importProgressLineSchema: Schema<ImportProgressLine> = jsonSchema.anyOf(
  jsonSchema.object({ progress: jsonSchema.object({ stage: jsonSchema.enum(['validated', 'written']), rows: jsonSchema.integer() }) }),
  jsonSchema.object({ status: jsonSchema.integer(), body: jsonSchema.any() }),
);

/** A field the import and patch wizards offer. */
export const importFieldSchema = jsonSchema.named(
  'ImportField',
  jsonSchema.object({ key: jsonSchema.string(), description: jsonSchema.string(), formatHint: jsonSchema.string(), required: jsonSchema.boolean(), requiredButInBase: jsonSchema.boolean() }),
);

/** A field an export may hold. */
export const exportFieldSchema = jsonSchema.named('ExportField', jsonSchema.object({ key: jsonSchema.string(), label: jsonSchema.string() }));

/** What the wizards read of a model: its label, its record's JSON schema and the fields an export may hold. */
export const modelSchemaAnswerSchema = jsonSchema.named(
  'ModelSchema',
  jsonSchema.object({ model: jsonSchema.string(), label: jsonSchema.string(), schema: jsonSchema.record(jsonSchema.any(), { description: 'the JSON schema of the record' }), exportFields: jsonSchema.array(exportFieldSchema) }),
);

/** An export's body: these fields of the records with these ids (in their order), or of every record the list's query matches. */
export const exportBodySchema = jsonSchema.named(
  'ExportBody',
  jsonSchema.object(
    {
      fields: jsonSchema.array(jsonSchema.string(), { minItems: 1 }),
      ids: jsonSchema.array(jsonSchema.string({ pattern: '^[0-9a-f]{24}$' }), { maxItems: 99_999 }),
      query: jsonSchema.record(jsonSchema.anyOf(jsonSchema.string(), jsonSchema.array(jsonSchema.string())), {
        description: "the list's filters, sort, search and _cursor in their query-string form",
      }),
    },
    { optional: ['ids', 'query'] },
  ),
);

/** The clipboard export: the CSV and how many records it holds. */
export const exportAnswerSchema = jsonSchema.named('ExportAnswer', jsonSchema.object({ data: jsonSchema.object({ csv: jsonSchema.string(), count: jsonSchema.integer() }) }));

/** An example CSV of the import's headers, with the base's values. */
export const importExampleSchema = jsonSchema.named('ImportExample', jsonSchema.object({ data: jsonSchema.object({ csv: jsonSchema.string() }) }));
