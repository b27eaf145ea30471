/** Cells a spreadsheet would run as a formula start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises a cell a spreadsheet would run as a formula by prefixing a quote. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function quoteCsv(value: string): string {
  return /[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One RFC 4180 line (without its line break), every cell neutralised against formula injection. */
export function csvLine(row: readonly string[]): string {
  return row.map((cell) => quoteCsv(safeCell(cell))).join(',');
}

/** RFC 4180 CSV with every cell neutralised against formula injection. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('\r\n');
}
