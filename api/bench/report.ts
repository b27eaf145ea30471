import type { BenchResult } from './types';

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** The result as a side-by-side table: one block of columns (p50, p99, req/s) per number of connections. */
export function formatResult(result: BenchResult): string {
  if (result.lines.length === 0) return [result.title, ...result.notes.map((note) => `  ${note}`)].join('\n');
  const connections = [...new Set(result.lines.flatMap((line) => Object.keys(line.byConnections).map(Number)))].sort((a, b) => a - b);
  const labelWidth = Math.max(10, ...result.lines.map((line) => line.label.length));
  const block = (text: string) => text.padStart(8);
  const header1 = ''.padEnd(labelWidth) + connections.map((n) => `  ${`${n} connection${n === 1 ? '' : 's'}`.padEnd(26)}`).join('');
  const header2 = ''.padEnd(labelWidth) + connections.map(() => `  ${block('p50 ms')}${block('p99 ms')}${block('req/s')}  `).join('');
  const rows = result.lines.map((line) =>
    line.label.padEnd(labelWidth) +
    connections
      .map((n) => {
        const m = line.byConnections[n];
        if (!m) return `  ${block('')}${block('')}${block('')}  `;
        return `  ${block(fixed(m.p50, 1))}${block(fixed(m.p99, 1))}${block(fixed(m.rps, 0))}${m.errors > 0 ? '!' : ' '} `;
      })
      .join(''),
  );
  const rule = '-'.repeat(Math.max(header1.length, header2.length));
  return [result.title, rule, header1, header2, rule, ...rows, rule, ...result.notes.map((note) => `  ${note}`)].join('\n');
}
