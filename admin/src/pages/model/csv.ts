import Papa from 'papaparse';
import { downloadBlob } from '../../providers/http';

/** A CSV file as the import API takes it: a header line and rows of texts. */
export interface CsvTable {
  headers: string[];
  rows: string[][];
}

/** Import takes text/csv only (spec part 2 section 5); some systems report no type, then the .csv name decides. */
export function isCsvFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type === 'text/csv';
  return file.name.toLowerCase().endsWith('.csv');
}

/** Parses CSV text: a byte order mark dropped, empty lines skipped, headers trimmed, short rows padded. */
export function parseCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [first = [], ...rest] = parsed.data;
  const headers = first.map((header) => header.trim());
  const rows = rest.map((row) => headers.map((_, index) => row[index] ?? ''));
  return { headers, rows };
}

export function toCsv(table: CsvTable): string {
  return Papa.unparse([table.headers, ...table.rows], { newline: '\r\n' });
}

/** The table without the given columns (by index). */
export function withoutColumns(table: CsvTable, indexes: readonly number[]): CsvTable {
  if (indexes.length === 0) return table;
  const drop = new Set(indexes);
  const keep = (_: unknown, index: number) => !drop.has(index);
  return { headers: table.headers.filter(keep), rows: table.rows.map((row) => row.filter(keep)) };
}

export function downloadCsv(csv: string, fileName: string): void {
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Copies text with the Clipboard API, falling back to a hidden text area; false when neither works. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
