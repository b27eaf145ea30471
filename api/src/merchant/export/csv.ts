/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet shows as text: formula-looking text gets a leading apostrophe. Numbers we wrote
 * ourselves ("-3.50") stay numbers.
 */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

const quoted = (value: string) => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value);

/** RFC 4180 CSV with CRLF line ends; every cell is neutralised first, then quoted. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map((cell) => quoted(neutralise(typeof cell === 'number' ? String(cell) : cell))).join(',')).join('\r\n') + '\r\n';
}
