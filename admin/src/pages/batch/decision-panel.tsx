import type { BatchDecision, BatchItemRow, BatchStatus } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { batchApi } from './batch-api';

const PAGE_SIZE = 20;

/**
 * Recipients whose message may or may not have gone out (the provider took the hand-off without an answer and its
 * log could not settle it): a person marks each as sent (nothing is sent) or sends it again, one by one or all.
 */
export function DecisionPanel({ batch, onDecided }: { batch: BatchStatus; onDecided: (status: BatchStatus) => void }) {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: BatchItemRow[]; total: number }>({ rows: [], total: 0 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waiting = batch.counts.uncertain;
  useEffect(() => {
    batchApi.items(batch._id, (page - 1) * PAGE_SIZE, page * PAGE_SIZE, 'uncertain').then(setData, () => undefined);
  }, [batch._id, page, waiting]);

  const decide = async (decision: BatchDecision, seqs?: number[]) => {
    setBusy(true);
    setError(null);
    try {
      onDecided(await batchApi.decide(batch._id, decision, seqs));
      setPage(1);
    } catch (failure) {
      setError((failure as { message?: string }).message ?? 'Whoops, something went wrong!');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" data-testid="batch-decisions" title={t('{{count}} recipients need a decision', { count: waiting })}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('The provider took their message without answering and could not say afterwards whether it went out. Mark it as sent if it did: nothing is sent. Send it again and it goes out when the batch runs: they may get it twice.')}
        </Typography.Text>
        <Space wrap>
          <Popconfirm title={t('Mark all {{count}} as sent?', { count: waiting })} onConfirm={() => decide('mark-sent')}>
            <Button data-testid="decide-all-sent" loading={busy}>{t('Mark all as sent')}</Button>
          </Popconfirm>
          <Popconfirm title={t('Send all {{count}} again?', { count: waiting })} onConfirm={() => decide('send-again')}>
            <Button data-testid="decide-all-again" loading={busy}>{t('Send all again')}</Button>
          </Popconfirm>
        </Space>
        {error && <Alert type="error" showIcon message={t(error)} />}
        <Table<BatchItemRow>
          data-testid="batch-uncertain"
          size="small"
          rowKey="seq"
          dataSource={data.rows}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: '#', dataIndex: 'seq', width: 80 },
            { title: t('Name'), dataIndex: 'name' },
            { title: t('Email'), dataIndex: 'email' },
            {
              title: t('Decision'),
              key: 'decision',
              render: (_, row) => (
                <Space>
                  <Button size="small" data-testid="decide-sent" disabled={busy} onClick={() => decide('mark-sent', [row.seq])}>{t('Mark as sent')}</Button>
                  <Button size="small" data-testid="decide-again" disabled={busy} onClick={() => decide('send-again', [row.seq])}>{t('Send again')}</Button>
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
