import { type Doc, type HistoryEntry, type ResourceDef, type VersionConflict, findResource, getPath, sameJson } from '@backoffice/resources';
import { type HttpError, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import type { EditedFields } from '../form/edited-fields';
import { ChangeValue, changeLabel } from './change-value';
import { historyApi } from './history-api';
import { EntryChanges, EntryHead } from './history-entry';
import type { RecordVersion } from './record-versions';

/** What the form held when the save was refused: the record it was opened on, its version, and what was typed. */
export interface ConflictContext {
  opened: Doc | undefined;
  version: RecordVersion | undefined;
  edited: EditedFields;
}

/** A refused save waiting for the person's choice: keep a typed value (true) or take the record's. */
interface Conflict {
  def: ResourceDef;
  id: string;
  context: ConflictContext;
  current: Doc;
  choose(keep: (path: string) => boolean): void;
}

let shown: Conflict | null = null;
const listeners = new Set<() => void>();
const show = (conflict: Conflict | null) => {
  shown = conflict;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The writes since the form was opened (from the record's history), and a choice for each field both sides changed. */
function ConflictChoices({ conflict, keep, setKeep }: { conflict: Conflict; keep: ReadonlySet<string>; setKeep: (paths: Set<string>) => void }) {
  const t = useTranslate();
  const { def, id, context, current } = conflict;
  const since = useQuery({
    queryKey: ['record-history-since', def.name, id, context.version?.readAt],
    queryFn: async () => (await historyApi.record(def.name, id, 0, 20)).entries.filter((entry: HistoryEntry) => entry.at.unix >= (context.version?.readAt ?? 0)),
  });
  const contested = [...context.edited.keys()].filter((path) => !sameJson(getPath(context.opened, path) ?? null, getPath(current, path) ?? null));
  const value = (path: string, shownValue: unknown) => <ChangeValue def={def} path={path} value={shownValue} titles={{}} />;
  const choose = (path: string, mine: boolean) => {
    const next = new Set(keep);
    if (mine) next.add(path);
    else next.delete(path);
    setKeep(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="version-conflict">
      <Typography.Text>{t('Someone saved this record after you opened it:')}</Typography.Text>
      <Spin spinning={since.isLoading}>
        {(since.data ?? []).map((entry) => (
          <div key={entry._id} style={{ marginBottom: 8 }} data-testid="conflict-entry">
            <EntryHead entry={entry} />
            <EntryChanges def={def} entry={entry} />
          </div>
        ))}
      </Spin>
      {contested.length > 0 && <Typography.Text strong>{t('You changed these fields too. Keep your value, or take theirs?')}</Typography.Text>}
      {contested.map((path) => (
        <div key={path} data-testid={`conflict-field-${path}`}>
          <Typography.Text>{changeLabel(def, path, t)}</Typography.Text>
          <Radio.Group value={keep.has(path) ? 'mine' : 'theirs'} onChange={(event) => choose(path, event.target.value === 'mine')} style={{ display: 'flex', flexDirection: 'column' }}>
            <Radio value="mine">{t('Keep mine')}: {value(path, context.edited.get(path)?.value)}</Radio>
            <Radio value="theirs">{t('Take theirs')}: {value(path, getPath(current, path))}</Radio>
          </Radio.Group>
        </div>
      ))}
    </Space>
  );
}

/** The dialog of a save refused because the record changed since it was opened; mounted once, inside the admin. */
export function VersionConflictHost() {
  const t = useTranslate();
  const conflict = useSyncExternalStore(subscribe, () => shown);
  const [keep, setKeep] = useState<Set<string> | null>(null);
  const kept = keep ?? new Set(conflict?.context.edited.keys());
  const close = (keepPath: (path: string) => boolean) => {
    conflict?.choose(keepPath);
    setKeep(null);
    show(null);
  };
  return (
    <Modal
      open={!!conflict}
      title={t('This record was changed by someone else')}
      width={720}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={[
        <Button key="reload" onClick={() => close(() => false)} data-testid="conflict-reload">{t('Reload')}</Button>,
        <Button key="keep" type="primary" onClick={() => close((path) => kept.has(path))} data-testid="conflict-keep">{t('Keep my values')}</Button>,
      ]}
    >
      {conflict && <ConflictChoices conflict={conflict} keep={kept} setKeep={setKeep} />}
    </Modal>
  );
}

/**
 * What an edit screen does when its save is refused because the record changed since it was opened (412): it shows
 * who changed what since, and lets the person reload the record or keep their values field by field over it. Both
 * read the record again, so the form holds its new version; the person saves again. Returns whether it took the error.
 */
export function useVersionConflict(resource: string, id: string, choose: (keep: (path: string) => boolean) => void) {
  return (error: unknown, context: ConflictContext): boolean => {
    const refusal = error as HttpError & { body?: VersionConflict };
    if (refusal?.statusCode !== 412) return false;
    const def = findResource(resource);
    if (def && refusal.body?.record && !shown) show({ def, id, context, current: refusal.body.record, choose });
    return true;
  };
}
