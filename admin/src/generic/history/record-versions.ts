import { useSyncExternalStore } from 'react';
import { MODEL_API } from '../../config';

/** A record's version (its ETag) as last read, and when the server answered it (unix seconds, its Date header). */
export interface RecordVersion {
  version: string;
  readAt: number;
}

const versions = new Map<string, RecordVersion>();
const listeners = new Set<() => void>();
const keyOf = (resource: string, id: string) => `${resource}/${id}`;
const RECORD_URL = new RegExp(`^${MODEL_API}/([^/?]+)/([0-9a-f]{24})$`);

/**
 * Keeps the version an answer for one record names (`url` without its query; the data provider's every read or
 * patch of a record, and a record the page asked for ahead), whatever screen asked.
 */
export function keepVersion(url: string, headers: Record<string, unknown>): void {
  const match = RECORD_URL.exec(url);
  const etag = headers.etag as string | undefined;
  if (!match || !etag) return;
  const date = Date.parse(String(headers.date ?? ''));
  versions.set(keyOf(match[1], match[2]), { version: etag, readAt: Math.floor((Number.isNaN(date) ? Date.now() : date) / 1000) });
  for (const listener of listeners) listener();
}

export function versionOf(resource: string, id: string): RecordVersion | undefined {
  return versions.get(keyOf(resource, id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The record's version as last read, kept up to date as it is read again. */
export function useRecordVersion(resource: string, id: string): RecordVersion | undefined {
  return useSyncExternalStore(subscribe, () => versionOf(resource, id));
}
