import { type FieldDef, KINDS, ParseError, type ResourceDef, type Right, canWriteField, importFields, isPlainObject, setPath } from '@backoffice/resources';
import { invalid } from '../common/errors';

export const HEADER_NOT_ALLOWED = 'header-not-allowed-or-recognized';
export const HEADER_DUPLICATE = 'header-is-duplicate-and-will-be-ignored';
export const HEADER_REQUIRED = 'header-is-required';
/** Header problems the wizard tolerates: those columns are removed. */
export const TOLERATED_HEADER_ERRORS = [HEADER_NOT_ALLOWED, HEADER_DUPLICATE];

export interface ValidateError {
  index: number;
  message: string;
  info?: unknown;
}

export interface ImportPayload {
  headers: string[];
  rows: string[][];
  /** values every row starts from (the wizard's importCsvBase / modelInstance) */
  base?: Record<string, unknown>;
}

export function readPayload(body: unknown): ImportPayload | string {
  const payload = isPlainObject(body) ? body.import : undefined;
  if (!isPlainObject(payload)) return 'The body must be {import: {headers, rows}}';
  const { headers, rows, base } = payload;
  if (!Array.isArray(headers) || !headers.every((header) => typeof header === 'string')) return 'import.headers must be a list of texts';
  if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string' || cell === null))) {
    return 'import.rows must be a list of lists of texts';
  }
  if (base !== undefined && !isPlainObject(base)) return 'import.base must be an object';
  const long = rows.findIndex((row) => row.length > headers.length);
  if (long >= 0) return `import.rows.${long} has ${rows[long].length} cells but there are ${headers.length} headers`;
  return { headers, rows: rows as string[][], base: base as Record<string, unknown> | undefined };
}

/** Which column holds which field; unknown and repeated headers are reported and left out. */
export function checkHeaders(def: ResourceDef, headers: readonly string[], mode: 'import' | 'patch', rights: ReadonlySet<Right>, base: Record<string, unknown> = {}) {
  const allowed = new Map<string, FieldDef>(importFields(def).filter(([, field]) => canWriteField(field, rights)).map(([path, field]) => [path, field]));
  const errors: ValidateError[] = [];
  const columns: { index: number; path: string; field: FieldDef | null }[] = [];
  const seen = new Set<string>();
  headers.forEach((header, index) => {
    const path = header.trim();
    if (seen.has(path)) return errors.push({ index, message: HEADER_DUPLICATE, info: path });
    seen.add(path);
    if (mode === 'patch' && path === '_id') return columns.push({ index, path, field: null });
    const field = allowed.get(path);
    if (!field) return errors.push({ index, message: HEADER_NOT_ALLOWED, info: path });
    columns.push({ index, path, field });
  });
  if (!columns.some((column) => column.field)) {
    throw invalid(`None of the columns is a field of ${def.label} you may import`, [{ field: 'import.headers', message: 'no column is a field you may import' }]);
  }
  if (mode === 'patch' && !seen.has('_id')) errors.push({ index: -1, message: HEADER_REQUIRED, info: '_id' });
  if (mode === 'import') {
    for (const [path, field, rule] of importFields(def)) {
      const inBase = rule.requiredButInBase && pathIn(base, path);
      if ((rule.required || field.required) && !seen.has(path) && !inBase) errors.push({ index: -1, message: HEADER_REQUIRED, info: path });
    }
  }
  return { columns, errors, blocking: errors.some((error) => !TOLERATED_HEADER_ERRORS.includes(error.message)) };
}

function pathIn(doc: Record<string, unknown>, path: string): boolean {
  return path.split('.').reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), doc) !== undefined;
}

/** A row as a partial record: empty cells are left out, each cell parsed by its field's kind. */
export function rowToDoc(columns: ReturnType<typeof checkHeaders>['columns'], row: readonly (string | null)[]): { doc: Record<string, unknown>; id: string | null; problems: string[] } {
  const doc: Record<string, unknown> = {};
  const problems: string[] = [];
  let id: string | null = null;
  for (const { index, path, field } of columns) {
    const cell = row[index];
    if (cell === null || cell === undefined || cell === '') continue;
    if (!field) {
      id = cell.trim();
      continue;
    }
    try {
      setPath(doc, path, KINDS[field.kind].parse(cell, { ...field, path }));
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      problems.push(error.message);
    }
  }
  return { doc, id, problems };
}
