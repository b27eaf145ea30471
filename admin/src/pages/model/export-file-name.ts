/** Names of the files an export downloads; apart from csv.ts so that naming one does not load the CSV parser. */

/** Today as y-MM-dd in local time. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** '2026-05-01 Merchants Export.csv': the date plus ' Export', as the spec names its zip, with the model in between. */
export function exportFileName(label: string, extension: 'csv' | 'xlsx', date = today()): string {
  return `${date} ${label.replace(/[\\/:*?"<>|]+/g, '-')} Export.${extension}`;
}
