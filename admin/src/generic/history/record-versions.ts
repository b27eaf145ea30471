import { useSyncExternalStore } from 'react';
import { MODEL_API } from '../../config';
import { httpClient } from '../../providers/data-provider';

/** A record's version (its ETag) as last read, and when the server answered it (unix seconds, its Date header). */
export interface RecordVersion {
  version: string;
  readAt: number;
}

const versions = new Map<string, RecordVersion>();
const listeners = new Set<() => void>();
const keyOf = (resource: string, id: string) => `${resource}/${id}`;
const RECORD_URL = new RegExp(`^${MODEL_API}/([^/?]+)/([0-9a-f]{24})$`);

/** Keeps the version every read or patch of one record answers (the data provider's answers, whatever screen asked). */
httpClient.interceptors.response.use((response) => {
  const match = RECORD_URL.exec(response.config.url ?? '');
  const etag = response.headers?.etag as string | undefined;
  if (match && etag) {
    const date = Date.parse(String(response.headers?.date ?? ''));
    versions.set(keyOf(match[1], match[2]), { version: etag, readAt: Math.floor((Number.isNaN(date) ? Date.now() : date) / 1000) });
    for (const listener of listeners) listener();
  }
  return response;
});

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
