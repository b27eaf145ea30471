import { BankOutlined, DownOutlined, IdcardOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import { useNotification, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useServiceOff } from '../../components/service-off';
import { formatEuro, formatNumber } from '../../definitions/format';
import { BULK_TITLES, BulkProgress, runProgress } from './bulk-progress';
import { type BankFile, type BulkAction, type RefundFilter, financeApi, messageOf } from './finance-api';

type UserAction = Extract<BulkAction, 'sync' | 'relink' | 'fetch-iban'>;

/**
 * Company admins' Batch menu on the refund screen: refund by bank file, sync, relink, bank number fetch, for the rows
 * the filter shows. Each asks first with the number of payments; the bank file moves money, and the API refuses it
 * when the filter holds another number by then. Runs still going (or ended today) stay listed here to reopen.
 */
export function RefundBatchMenu({ filter, count, onBankFile }: { filter: RefundFilter; count: number | undefined; onBankFile(file: BankFile): void }) {
  const t = useTranslate();
  const { open } = useNotification();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const providerOff = useServiceOff('paynl');
  const [runId, setRunId] = useState<string | null>(null);
  const runs = useQuery({
    queryKey: ['finance-bulk-runs'],
    queryFn: financeApi.bulkRuns,
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'running') ? 3000 : false),
  });
  const running = (runs.data ?? []).filter((run) => run.status === 'running');

  const bankFile = () =>
    modal.confirm({
      title: t('Refund by bank file'),
      content: t('The {{count}} payments this filter shows are refunded in a SEPA bank file where they can be refunded by bank account. Continue?', { count: formatNumber(count ?? 0) }),
      onOk: async () => {
        try {
          const file = await financeApi.makeBankFile(filter, count ?? 0);
          open?.({ type: 'success', message: t('We have refunded payment!'), description: `${file.transferCount} × ${formatEuro(file.totalCents)}` });
          onBankFile(file);
        } catch (error) {
          open?.({ type: 'error', message: t('Could not refund payments'), description: messageOf(error, '') });
        }
        await queryClient.invalidateQueries({ queryKey: ['finance-refunds'] });
      },
    });

  const start = (action: UserAction) =>
    modal.confirm({
      title: t(BULK_TITLES[action]),
      content: t('This runs for every person with one of the {{count}} payments this filter shows, one after the other; it can be cancelled. Continue?', { count: formatNumber(count ?? 0) }),
      onOk: async () => {
        try {
          setRunId((await financeApi.startBulk(action, filter)).id);
        } catch (error) {
          open?.({ type: 'error', message: t('Could not get details!'), description: messageOf(error, '') });
        }
        await queryClient.invalidateQueries({ queryKey: ['finance-bulk-runs'] });
      },
    });

  return (
    <>
      {running.map((run) => {
        const { finished, total } = runProgress(run);
        return (
          <Button key={run.id} onClick={() => setRunId(run.id)} data-testid="bulk-running">
            {t('{{action}}: {{finished}} of {{total}}', { action: t(BULK_TITLES[run.action]), finished: formatNumber(finished), total: formatNumber(total) })}
          </Button>
        );
      })}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'bank-file', icon: <BankOutlined />, label: t('Refund by bank file'), onClick: bankFile, disabled: count === undefined },
            { key: 'sync', icon: <SyncOutlined />, label: t(BULK_TITLES.sync), onClick: () => start('sync'), disabled: !!providerOff || !count, title: providerOff ?? undefined },
            { key: 'relink', icon: <LinkOutlined />, label: t(BULK_TITLES.relink), onClick: () => start('relink'), disabled: !count },
            { key: 'fetch-iban', icon: <IdcardOutlined />, label: t(BULK_TITLES['fetch-iban']), onClick: () => start('fetch-iban'), disabled: !!providerOff || !count, title: providerOff ?? undefined },
          ],
        }}
      >
        <Button data-testid="refund-batch">
          {t('Batch')} <DownOutlined />
        </Button>
      </Dropdown>
      <BulkProgress
        runId={runId}
        onClose={() => {
          setRunId(null);
          void queryClient.invalidateQueries({ queryKey: ['finance-refunds'] });
          void queryClient.invalidateQueries({ queryKey: ['finance-bulk-runs'] });
        }}
      />
    </>
  );
}
