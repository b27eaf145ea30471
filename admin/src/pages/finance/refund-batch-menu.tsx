import { BankOutlined, DownOutlined, LinkOutlined, SyncOutlined, IdcardOutlined } from '@ant-design/icons';
import { useNotification, useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useServiceOff } from '../../components/service-off';
import { formatEuro } from '../../definitions/format';
import { BulkProgress } from './bulk-progress';
import { type BankFile, type BulkAction, type RefundFilter, financeApi, messageOf } from './finance-api';

const TITLES: Record<Extract<BulkAction, 'sync' | 'relink' | 'fetch-iban'>, string> = {
  sync: 'Sync payments',
  relink: 'Relink payments',
  'fetch-iban': 'Fetch bank account numbers',
};

/**
 * Company admins' Batch menu on the refund screen: refund by bank file, sync, relink, bank number fetch, for the rows
 * the filter shows. The bank file moves money: it asks first with the number of payments, and the API refuses it
 * when the filter holds another number by then.
 */
export function RefundBatchMenu({ filter, count, onBankFile }: { filter: RefundFilter; count: number | undefined; onBankFile(file: BankFile): void }) {
  const t = useTranslate();
  const { open } = useNotification();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const providerOff = useServiceOff('paynl');
  const [run, setRun] = useState<{ id: string; title: string } | null>(null);

  const bankFile = () =>
    modal.confirm({
      title: t('Refund by bank file'),
      content: t('The {{count}} payments this filter shows are refunded in a SEPA bank file where they can be refunded by bank account. Continue?', { count: count ?? 0 }),
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

  const start = async (action: keyof typeof TITLES) => {
    try {
      const started = await financeApi.startBulk(action, filter);
      setRun({ id: started.id, title: t(TITLES[action]) });
    } catch (error) {
      open?.({ type: 'error', message: t('Could not get details!'), description: messageOf(error, '') });
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'bank-file', icon: <BankOutlined />, label: t('Refund by bank file'), onClick: bankFile, disabled: count === undefined },
            { key: 'sync', icon: <SyncOutlined />, label: t('Sync payments'), onClick: () => start('sync'), disabled: !!providerOff, title: providerOff ?? undefined },
            { key: 'relink', icon: <LinkOutlined />, label: t('Relink payments'), onClick: () => start('relink') },
            { key: 'fetch-iban', icon: <IdcardOutlined />, label: t('Fetch bank account numbers'), onClick: () => start('fetch-iban'), disabled: !!providerOff, title: providerOff ?? undefined },
          ],
        }}
      >
        <Button data-testid="refund-batch">
          {t('Batch')} <DownOutlined />
        </Button>
      </Dropdown>
      <BulkProgress
        runId={run?.id ?? null}
        title={run?.title ?? ''}
        onClose={() => {
          setRun(null);
          void queryClient.invalidateQueries({ queryKey: ['finance-refunds'] });
        }}
      />
    </>
  );
}
