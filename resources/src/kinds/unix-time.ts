import { type FieldKind, ParseError, SCALAR_OPERATORS } from './kind';
import { checkNumber } from './number';

/** An ISO 8601 date (`2026-11-27`, UTC midnight) or moment (`2026-11-27T21:00:00Z`, `…+01:00`); a time without a zone is UTC. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Unix seconds, or an ISO 8601 date or moment as the unix seconds it is. */
function parseMoment(raw: string, path: string): number {
  const text = raw.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  if (ISO_8601.test(text)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) || text.length === 10 ? text : `${text}Z`;
    const ms = Date.parse(zoned.replace(' ', 'T'));
    if (Number.isFinite(ms)) return Math.floor(ms / 1000);
  }
  throw new ParseError(`${path} must be unix seconds or an ISO 8601 date or time (2026-11-27, 2026-11-27T21:00:00Z)`);
}

/** The moment as ISO 8601 in UTC, readable in a spreadsheet and read back by an import. */
const isoText = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** A moment as whole seconds since 1970 (the spec's `.unix` paths). */
export const unixTimeKind: FieldKind = {
  check: (value, field) => checkNumber(value, { integer: true, min: field.min ?? 0, max: field.max, step: field.step }),
  sqlType: 'bigint',
  operators: SCALAR_OPERATORS,
  parse: (raw, field) => parseMoment(raw, field.path),
  toCsv: (value) => (typeof value === 'number' ? isoText(value) : ''),
  toCell: (value) => (typeof value === 'number' ? new Date(value * 1000) : null),
  jsonSchema: () => ({ type: 'integer', description: 'unix time in seconds (filters and imports also take ISO 8601)' }),
};
