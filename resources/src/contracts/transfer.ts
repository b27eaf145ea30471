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
