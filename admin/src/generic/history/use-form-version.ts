import { type Doc, getPath, sameJson } from '@backoffice/resources';
import type { BaseRecord } from '@refinedev/core';
import { useRef } from 'react';
import type { EditedFields } from '../form/edited-fields';
import { type RecordVersion, versionOf } from './record-versions';
import { useVersionConflict } from './version-conflict';

/**
 * The version of the record an edit form holds: its saves name it (If-Match), and a save refused because the record
 * changed since (412) opens the conflict dialog, whose choice reads the record again with the typed values it keeps
 * (`edited`, the form's own map of what was typed) laid over it.
 */
export function useFormVersion(resource: string, id: string, edited: EditedFields) {
  // `resolved`: the person chose over a conflict, so the record read next is the one their values go over
  const held = useRef<{ record?: BaseRecord; version?: RecordVersion; reload?: () => void; resolved?: boolean }>({});
  const conflict = useVersionConflict(resource, id, (keep) => {
    for (const path of [...edited.keys()]) if (!keep(path)) edited.delete(path);
    held.current.resolved = true;
    held.current.reload?.();
  });
  return {
    /** Refine's mutation meta: read when a save starts, so it names the version of the record held then. */
    mutationMeta: {
      get headers() {
        return held.current.version ? { 'If-Match': held.current.version.version } : undefined;
      },
    },
    /**
     * The record the form now holds, read again after a write, a side action or a conflict, and how to read it again.
     * Read again under typed values it changed too, the form keeps the version it was opened on, so the save is
     * refused and the person sees the other change before theirs replaces it.
     */
    holds(record: BaseRecord | undefined, reload: () => void) {
      const before = held.current.record;
      const contested = before && record && [...edited.keys()].some((path) => !sameJson(getPath(before, path) ?? null, getPath(record, path) ?? null));
      if (record !== before && (!contested || held.current.resolved)) held.current = { record, version: versionOf(resource, id) };
      held.current.reload = reload;
    },
    /** Takes a refused save that is a version conflict (and opens the dialog); false for any other refusal. */
    refused(error: unknown): boolean {
      return conflict(error, { opened: held.current.record as Doc | undefined, version: held.current.version, edited });
    },
  };
}
