import type { HistoryEntry, ResourceDef } from '@backoffice/resources';
import { AUDIT_DOOR_LABELS } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatUnix } from '../../definitions/format';
import { ChangeValue, changeLabel } from './change-value';

const ACTION_LABELS: Record<HistoryEntry['action'], string> = { create: 'Created', update: 'Changed', archive: 'Archived', unarchive: 'Unarchived', delete: 'Deleted' };

/** When, who and through which door: the head line of a history entry. */
export function EntryHead({ entry, extra }: { entry: HistoryEntry; extra?: ReactNode }) {
  const t = useTranslate();
  return (
    <Space wrap size={[8, 0]}>
      <Typography.Text strong>{formatUnix(entry.at.unix)}</Typography.Text>
      <Typography.Text>{entry.actor.name ?? t('Someone no longer here')}</Typography.Text>
      <Tag>{t(ACTION_LABELS[entry.action])}</Tag>
      {entry.door && <Tag color="blue">{t(AUDIT_DOOR_LABELS[entry.door])}</Tag>}
      {extra}
    </Space>
  );
}

/** What a history entry changed, field by field: the field's label, the value before and after, as the form shows them. */
export function EntryChanges({ def, entry }: { def: ResourceDef; entry: HistoryEntry }) {
  const t = useTranslate();
  if (entry.changes.length === 0) return <Typography.Text type="secondary">{t('No change you may see')}</Typography.Text>;
  const value = (path: string, value: unknown) => <ChangeValue def={def} path={path} value={value} titles={entry.titles} />;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="path"
      dataSource={entry.changes}
      columns={[
        { key: 'field', title: t('Field'), width: '30%', render: (_, change) => changeLabel(def, change.path, t) },
        { key: 'old', title: t('Before'), render: (_, change) => value(change.path, change.old) },
        { key: 'new', title: t('After'), render: (_, change) => value(change.path, change.new) },
      ]}
    />
  );
}
