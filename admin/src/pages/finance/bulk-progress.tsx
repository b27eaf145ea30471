import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Modal, Progress, Table, Tag } from 'antd';
import { financeApi, type RowStatus } from './finance-api';

const COLORS: Record<RowStatus, string> = { ready: 'default', executing: 'processing', done: 'success', skipped: 'warning', error: 'error' };

/** A bulk run followed row by row (ready, executing, done, skipped, error) until it ends. */
export function BulkProgress({ runId, title, onClose }: { runId: string | null; title: string; onClose(): void }) {
  const t = useTranslate();
  const run = useQuery({
    queryKey: ['finance-bulk', runId],
    queryFn: () => financeApi.bulk(runId!),
    enabled: !!runId,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
  const data = run.data;
  const finished = data ? data.counts.done + data.counts.skipped + data.counts.error : 0;
  return (
    <Modal open={!!runId} title={title} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: 'none' } }} width={720} destroyOnHidden>
      {data && (
        <>
          <Progress percent={Math.round((100 * finished) / Math.max(1, data.items.length))} status={data.status === 'stopped' ? 'exception' : data.status === 'done' ? 'success' : 'active'} />
          <p data-testid="bulk-status">
            {t(data.status === 'running' ? 'Running' : data.status === 'done' ? 'Finished' : 'Stopped at the first error')}: {data.counts.done} {t('done')}, {data.counts.skipped} {t('skipped')}, {data.counts.error} {t('error')}
            {data.message ? ` (${data.message})` : ''}
          </p>
          <Table
            size="small"
            rowKey="position"
            dataSource={data.items}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            scroll={{ y: 400 }}
            columns={[
              { key: 'row', title: '#', width: 60, render: (_, item) => item.position },
              { key: 'target', title: t('Row'), render: (_, item) => `${t(item.targetKind)} ${item.targetId}` },
              { key: 'status', title: t('State'), render: (_, item) => <Tag color={COLORS[item.status]}>{t(item.status)}</Tag> },
              { key: 'message', title: t('Message'), render: (_, item) => (item.message ? t(item.message) : '') },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
