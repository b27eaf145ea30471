import { StopOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Progress, Table, Tag } from 'antd';
import { type BulkAction, type BulkRunSummary, financeApi, messageOf, type RowStatus } from './finance-api';

const COLORS: Record<RowStatus, string> = { ready: 'default', executing: 'processing', done: 'success', skipped: 'warning', error: 'error' };

const STATUS_TEXTS: Record<BulkRunSummary['status'], string> = {
  running: 'Running',
  done: 'Finished',
  stopped: 'Stopped at the first error',
  cancelled: 'Cancelled',
};

export const BULK_TITLES: Record<BulkAction, string> = {
  sync: 'Sync payments',
  relink: 'Relink payments',
  'fetch-iban': 'Fetch bank account numbers',
  refund: 'Refund payments',
  'refund-iban': 'Refund by bank account',
};

/** How far a run is: rows finished of all its rows. */
export function runProgress(run: Pick<BulkRunSummary, 'counts'>): { finished: number; total: number } {
  const { ready, executing, done, skipped, error } = run.counts;
  return { finished: done + skipped + error, total: ready + executing + done + skipped + error };
}

/**
 * A bulk run followed row by row (ready, executing, done, skipped, error), each row naming its person, until it ends;
 * Cancel stops it between two rows. Closing only hides it: the run goes on and the refund screen lists it to reopen.
 */
export function BulkProgress({ runId, onClose }: { runId: string | null; onClose(): void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: ['finance-bulk', runId],
    queryFn: () => financeApi.bulk(runId!),
    enabled: !!runId,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
  const data = run.data;
  const cancel = async () => {
    try {
      queryClient.setQueryData(['finance-bulk', runId], await financeApi.cancelBulk(runId!));
    } catch (error) {
      message.error(t(messageOf(error, 'Whoops, something went wrong!')));
    }
    await queryClient.invalidateQueries({ queryKey: ['finance-bulk-runs'] });
  };
  const { finished, total } = data ? runProgress(data) : { finished: 0, total: 0 };
  return (
    <Modal
      open={!!runId}
      title={data ? t(BULK_TITLES[data.action]) : ''}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={[
        data?.status === 'running' && (
          <Button key="cancel" danger icon={<StopOutlined />} onClick={() => void cancel()} data-testid="bulk-cancel">
            {t('Cancel run')}
          </Button>
        ),
        <Button key="close" type="primary" onClick={onClose}>
          {t(data?.status === 'running' ? 'Hide' : 'Close')}
        </Button>,
      ]}
    >
      {data && (
        <>
          <Progress percent={Math.round((100 * finished) / Math.max(1, total))} status={data.status === 'stopped' || data.status === 'cancelled' ? 'exception' : data.status === 'done' ? 'success' : 'active'} />
          <p data-testid="bulk-status">
            {t(STATUS_TEXTS[data.status])}: {data.counts.done} {t('done')}, {data.counts.skipped} {t('skipped')}, {data.counts.error} {t('error')}
            {data.message ? ` (${t(data.message)})` : ''}
          </p>
          {data.status === 'running' && <p>{t('The run goes on when this window is hidden; the refund screen lists it.')}</p>}
          <Table
            size="small"
            rowKey="position"
            dataSource={data.items}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            scroll={{ y: 400 }}
            columns={[
              { key: 'row', title: '#', width: 60, render: (_, item) => item.position },
              { key: 'target', title: t(data.items[0]?.targetKind === 'payment' ? 'Payment of' : 'User'), render: (_, item) => item.label ?? t('Unknown') },
              { key: 'status', title: t('State'), render: (_, item) => <Tag color={COLORS[item.status]}>{t(item.status)}</Tag> },
              { key: 'message', title: t('Message'), render: (_, item) => (item.message ? t(item.message) : '') },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
