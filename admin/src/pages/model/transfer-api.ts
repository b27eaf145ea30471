import { IMPORT_PROGRESS_TYPE, type ImportProgress, type ImportProgressLine } from '@backoffice/resources';
import type { CrudFilter, CrudSort, HttpError } from '@refinedev/core';
import { MODEL_API } from '../../config';
import { selectedCompanyId } from '../../providers/company-store';
import { api, toHttpError } from '../../providers/http';
import { dataProvider, listQuery } from '../../providers/data-provider';
import type { CsvTable } from './csv';

export type ImportMode = 'import' | 'patch';

export interface ExportField {
  key: string;
  label: string;
}

export interface ImportField {
  key: string;
  description: string;
  formatHint: string;
  required: boolean;
  requiredButInBase: boolean;
}

export interface ValidateError {
  index: number;
  message: string;
  info?: unknown;
}

/** What a validate or import call answered: accepted (200) or declined (422) with the problems. */
export interface ImportAnswer {
  accepted: boolean;
  count: number;
  headerErrors: ValidateError[];
  rowErrors: ValidateError[];
}

/** The table query the list page hands over in `q`. */
export interface TableQuery {
  filters: CrudFilter[];
  sorters: CrudSort[];
}

const modelUrl = (model: string, rest = '') => `${MODEL_API}/${encodeURIComponent(model)}${rest}`;

export function readTableQuery(q: string | null): TableQuery {
  if (!q) return { filters: [], sorters: [] };
  try {
    const parsed = JSON.parse(q) as Partial<TableQuery>;
    return { filters: Array.isArray(parsed.filters) ? parsed.filters : [], sorters: Array.isArray(parsed.sorters) ? parsed.sorters : [] };
  } catch {
    return { filters: [], sorters: [] };
  }
}

/** A same-origin request whose body is read by the caller (a 422 decline, a spreadsheet). */
async function send(path: string, body: unknown, accept?: string): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(accept && { Accept: accept }) };
  const companyId = selectedCompanyId();
  if (companyId) headers['X-Company-Id'] = companyId;
  try {
    return await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw { message: 'Could not reach the server', statusCode: 0 } satisfies HttpError;
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return {};
  }
}

export async function fetchExportFields(model: string): Promise<ExportField[]> {
  const { data } = await api<{ exportFields: ExportField[] }>(modelUrl(model, '/schema'));
  return data.exportFields;
}

/** The list query (filters, sort, search) in the query-string form the API reads, without paging. */
export function exportQuery(query: TableQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(listQuery({ pagination: { mode: 'off' }, filters: query.filters, sorters: query.sorters })).map(([key, value]) => [key, String(value)]));
}

/** How many records the table query matches; above the list's count cap the API answers a lower bound. */
export async function countMatches(model: string, query: TableQuery): Promise<{ count: number; lowerBound: boolean }> {
  const { total, totalIsLowerBound } = await dataProvider.getList({ resource: model, pagination: { currentPage: 1, pageSize: 1 }, filters: query.filters, sorters: query.sorters, meta: { select: ['_id'] } });
  return { count: total, lowerBound: totalIsLowerBound === true };
}

/** A POST the API answers with a file (an export); a refusal throws the API's error. */
export async function postForFile(path: string, body: unknown): Promise<Blob> {
  const response = await send(path, body);
  if (!response.ok) throw toHttpError(response.status, await json(response));
  return response.blob();
}

/** The export of every record the table query matches, streamed by the API as a file. */
export function exportFile(model: string, query: TableQuery, fields: string[], format: 'csv' | 'xlsx'): Promise<Blob> {
  return postForFile(modelUrl(model, `/export/${format}`), { query: exportQuery(query), fields });
}

export async function fetchImportFields(model: string, mode: ImportMode): Promise<ImportField[]> {
  const { data } = await api<ImportField[]>(modelUrl(model, '/import/fields'), { query: mode === 'patch' ? 'mode=patch' : undefined });
  return data;
}

export async function fetchExample(model: string, importCsvBase: Record<string, unknown>): Promise<string> {
  const { data } = await api<{ data: { csv: string } }>(modelUrl(model, '/import/example'), { method: 'POST', body: { importCsvBase } });
  return data.data.csv;
}

/**
 * The answer of a request made with progress: the API sends one JSON object per line, `{progress}` while it works
 * and last `{status, body}`, the answer itself.
 */
async function answerAfterProgress(response: Response, onProgress: (progress: ImportProgress) => void): Promise<{ status: number; body: unknown }> {
  if (!response.body || !response.headers.get('content-type')?.startsWith(IMPORT_PROGRESS_TYPE)) return { status: response.status, body: await json(response) };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  let last: { status: number; body: unknown } | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (pending + value).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as ImportProgressLine;
      if ('progress' in message) onProgress(message.progress);
      else last = message;
    }
  }
  if (!last) throw { message: 'The connection to the server was lost before the import finished', statusCode: 0 } satisfies HttpError;
  return last;
}

/** Validates (writing nothing) or imports; a 422 is an answer with its problems, any other failure throws. */
export async function submitImport(
  model: string,
  mode: ImportMode,
  table: CsvTable,
  base: Record<string, unknown> | undefined,
  validateOnly: boolean,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportAnswer> {
  const path = modelUrl(model, mode === 'patch' ? '/import/patch' : '/import') + (validateOnly ? '?validate-only=true' : '');
  const response = await send(path, { import: { headers: table.headers, rows: table.rows, ...(base && Object.keys(base).length > 0 && { base }) } }, IMPORT_PROGRESS_TYPE);
  const { status, body } = (await answerAfterProgress(response, onProgress)) as {
    status: number;
    body: {
      data?: { count?: number; headerValidateErrors?: ValidateError[] };
      decline?: { headerValidateErrors?: ValidateError[]; rowValidateErrors?: ValidateError[] };
    };
  };
  if (status === 422 && body.decline) {
    return { accepted: false, count: 0, headerErrors: body.decline.headerValidateErrors ?? [], rowErrors: body.decline.rowValidateErrors ?? [] };
  }
  if (status < 200 || status >= 300) throw toHttpError(status, body);
  return { accepted: true, count: body.data?.count ?? 0, headerErrors: body.data?.headerValidateErrors ?? [], rowErrors: [] };
}
