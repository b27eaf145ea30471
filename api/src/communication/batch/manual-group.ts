import Papa from 'papaparse';
import type { ManualRecipient } from '@backoffice/resources';
import { invalid } from '../../common/errors';

/** The reasons of the spec's 'Invalid data' warning (part 2 section 8). */
export const MANUAL_GROUP_REASONS = {
  nothing: 'Nothing found, please try again',
  notArray: 'Not an array',
  empty: 'We found 0 instances in the imported data',
} as const;

const FIELDS: readonly (keyof ManualRecipient)[] = ['modelId', 'modelName', 'name', 'email', 'language', 'mobile'];

const invalidData = (reason: string) => invalid('Invalid data', [{ field: 'group.value', message: reason }]);

function fromJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidData(MANUAL_GROUP_REASONS.nothing);
  }
}

/** CSV with a header line naming the batch user fields (modelId, modelName, name, email, language, mobile). */
function fromCsv(text: string): unknown[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  return parsed.data;
}

/** Keeps the batch user fields of one entry, as texts; anything that is not an object is no instance. */
function toRecipient(entry: unknown): ManualRecipient | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const recipient: ManualRecipient = {};
  for (const field of FIELDS) {
    const value = (entry as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) recipient[field] = value.trim();
    else if (typeof value === 'number') recipient[field] = String(value);
  }
  return Object.keys(recipient).length > 0 ? recipient : null;
}

/**
 * A manual group pasted as JSON or CSV: a non-empty array of batch users, else 'Invalid data' with its reason
 * (400): no text or no parsable data, not an array, or no instance in it.
 */
export function parseManualGroup(format: 'json' | 'csv', text: string | undefined): ManualRecipient[] {
  if (!text || !text.trim()) throw invalidData(MANUAL_GROUP_REASONS.nothing);
  const data = format === 'json' ? fromJson(text) : fromCsv(text);
  if (!Array.isArray(data)) throw invalidData(MANUAL_GROUP_REASONS.notArray);
  const recipients = data.map(toRecipient).filter((recipient): recipient is ManualRecipient => recipient !== null);
  if (recipients.length === 0) throw invalidData(MANUAL_GROUP_REASONS.empty);
  return recipients;
}
