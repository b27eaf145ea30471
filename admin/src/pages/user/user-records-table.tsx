import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Card, Table } from 'antd';
import type { ReactNode } from 'react';
import { requireResource } from '../../definitions/screens';
import { buildColumns } from '../../generic/list/columns';
import { useReadablePopulates } from '../../generic/list/readable-populates';
import { useInPageTable } from '../../generic/list/use-in-page-table';

const PAGE_SIZE = 10;

/** A user's payments or transactions with the definition's list columns, newest first, and an action per row. */
export function UserRecordsTable({ model, userId, title, action, populate }: { model: 'payment' | 'transaction'; userId: string; title: string; action(record: BaseRecord): ReactNode; populate?: string[] }) {
  const t = useTranslate();
  const def = requireResource(model);
  const readable = useReadablePopulates(def, populate ?? []);
  const { tableProps, sorters } = useInPageTable<BaseRecord>({
    resource: model,
    pagination: { pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { initial: [...def.list.defaultSort] },
    filters: { permanent: [{ field: 'userRef.userId', operator: 'eq', value: userId }] },
    meta: { populate: readable },
  });
  return (
    <Card size="small" title={title}>
      <Table<BaseRecord>
        {...tableProps}
        rowKey={(record) => String(record._id ?? record.id)}
        size="small"
        data-testid={`user-${model}s`}
        columns={[...buildColumns(def, sorters, t, false), { key: 'actions', title: t('table.actions'), render: (_, record) => action(record) }]}
      />
    </Card>
  );
}
