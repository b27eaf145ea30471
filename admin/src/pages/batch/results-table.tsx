import { type BatchItemRow, MARKED_AS_SENT, MISSING_PUSH_TOKEN, NEXT_NOT_FOUND } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { choiceLabel } from '../../definitions/screens';
import { batchApi } from './batch-api';
import { MessageFrame } from './message-frame';

const STATE_COLORS: Record<string, string> = { ready: 'default', executing: 'processing', done: 'success', declined: 'warning', error: 'error', uncertain: 'orange' };

/** The reason as the spec words it (part 2 section 8); an uncertain item's whatever its reason, a person decides. */
export function reasonText(row: Pick<BatchItemRow, 'state' | 'reason'>, t: (key: string) => string): string {
  if (row.state === 'uncertain') return t('Needs a decision: the provider could not say whether it went out');
  if (!row.reason) return '';
  if (row.reason === MISSING_PUSH_TOKEN) return t('Not registered for push notifications');
  if (row.reason === NEXT_NOT_FOUND) return t('Invalid scheduled date');
  if (row.reason === MARKED_AS_SENT) return t('Marked as sent');
  return t('Whoops, something went wrong!');
}

/** One row per recipient with its state; a row opens its rendered message in a frame. */
export function ResultsTable({ batchId, refreshKey }: { batchId: string; refreshKey: string }) {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: BatchItemRow[]; total: number }>({ rows: [], total: 0 });
  const pageSize = 50;
  useEffect(() => {
    batchApi.items(batchId, (page - 1) * pageSize, page * pageSize).then(setData, () => undefined);
  }, [batchId, page, refreshKey]);
  return (
    <Table<BatchItemRow>
      data-testid="batch-results"
      size="small"
      rowKey="seq"
      dataSource={data.rows}
      scroll={{ y: 750 }}
      pagination={{ current: page, pageSize, total: data.total, onChange: setPage, showSizeChanger: false }}
      expandable={{ expandedRowRender: (row) => <MessageFrame batchId={batchId} seq={row.seq} height={300} /> }}
      columns={[
        { title: '#', dataIndex: 'seq', width: 80 },
        { title: t('Name'), dataIndex: 'name' },
        { title: t('Email'), dataIndex: 'email' },
        { title: t('State'), dataIndex: 'state', render: (state: string) => <Tag color={STATE_COLORS[state]} data-testid="item-state">{t(choiceLabel(undefined, state))}</Tag> },
        { title: t('Message'), dataIndex: 'reason', render: (_, row) => reasonText(row, t) },
      ]}
    />
  );
}
