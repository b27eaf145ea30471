import { DownloadOutlined } from '@ant-design/icons';
import { findResource, resolveField } from '@backoffice/resources';
import { useNotification, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useServiceOff } from '../../components/service-off';
import { formatEuro, formatUnix } from '../../definitions/format';
import { choiceLabel } from '../../definitions/screens';
import { BankFiles, downloadBankFile } from './bank-files';
import { type BankFile, type RefundRow, financeApi } from './finance-api';
import { FinanceTable } from './finance-table';
import { RefundBatchMenu } from './refund-batch-menu';
import { RefundFilters, useRefundFilter } from './refund-filters';
import { useFinanceAccess } from './use-finance-access';
import { UserLink } from './user-link';
import { RowTag } from '../../components/row-tag';

const PAGE_SIZE = 25;

/** The refund of one row: through the payment provider when it can, else by bank account. */
function RefundButton({ row, onDone }: { row: RefundRow; onDone(): void }) {
  const t = useTranslate();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const providerOff = useServiceOff('paynl');
  const way = row.refundable.provider && !providerOff ? 'provider' : row.refundable.iban ? 'iban' : null;
  const reason = row.refundable.provider ? providerOff : row.refundable.providerReason === 'type-not-refundable' ? row.refundable.ibanReason : row.refundable.providerReason;
  const button = (
    <Button size="small" type="primary" ghost disabled={!way} loading={busy} data-testid={`refund-${row._id}`}>
      {t(way === 'iban' ? 'Refund by bank' : 'Refund')}
    </Button>
  );
  if (!way) return <Tooltip title={reason ? t(reason) : undefined}>{button}</Tooltip>;
  return (
    <Popconfirm
      title={t('Refund {{amount}}?', { amount: formatEuro(row.amountLeft?.cents) })}
      onConfirm={async () => {
        setBusy(true);
        try {
          await financeApi.refundPayment(row._id, way);
          open?.({ type: 'success', message: t('We have refunded payment!') });
        } catch {
          open?.({ type: 'error', message: t('Could not refund!') });
        } finally {
          setBusy(false);
          onDone();
        }
      }}
    >
      {button}
    </Popconfirm>
  );
}

/** Refunds (spec part 1 section 2): completed payments with leftover credit, filters, a refund per row, Batch for company admins. */
export default function RefundPage() {
  const t = useTranslate();
  const access = useFinanceAccess();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useRefundFilter();
  const [page, setPage] = useState(1);
  const [made, setMade] = useState<BankFile | null>(null);
  const paymentType = resolveField(findResource('payment')!, 'paymentType');
  const rows = useQuery({
    queryKey: ['finance-refunds', filter, page],
    queryFn: () => financeApi.refunds(filter, { start: (page - 1) * PAGE_SIZE, end: page * PAGE_SIZE, sort: 'state.put.at.unix', order: 'desc' }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['finance-refunds'] });
    void queryClient.invalidateQueries({ queryKey: ['finance-bank-files'] });
  };
  return (
    <>
      <PageHeader
        title={t('Refunds')}
        crumbs={[{ label: t('Finance') }, { label: t('Payments'), to: '/company/finance/payment' }, { label: t('Refunds') }]}
        extra={access.isCompanyAdmin && <RefundBatchMenu filter={filter} count={rows.data?.total} onBankFile={(file) => { setMade(file); refresh(); }} />}
      />
      {made && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setMade(null)}
          style={{ marginBottom: 16 }}
          message={t('Bank file with {{transfers}} transfers, {{total}}', { transfers: made.transferCount, total: formatEuro(made.totalCents) })}
          action={<Button size="small" icon={<DownloadOutlined />} onClick={() => downloadBankFile(made)}>{t('Download')}</Button>}
        />
      )}
      <Card>
        <RefundFilters
          filter={filter}
          isSuper={access.isSuper}
          set={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        <FinanceTable<RefundRow>
          testId="refunds"
          rows={rows}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          columns={[
            { key: 'when', title: t('When'), render: (_, row) => formatUnix(row.state?.put?.at?.unix) },
            { key: 'user', title: t('User'), render: (_, row) => <UserLink user={row.userRef?.user} /> },
            { key: 'email', title: t('Email'), render: (_, row) => row.userRef?.user?.email?.value ?? '' },
            { key: 'type', title: t('Type'), render: (_, row) => t(choiceLabel(paymentType, row.paymentType)) },
            { key: 'amount', title: t('Amount'), align: 'right', render: (_, row) => formatEuro(row.amount?.cents) },
            { key: 'left', title: t('Leftover credit'), align: 'right', render: (_, row) => formatEuro(row.amountLeft?.cents) },
            {
              key: 'how',
              title: t('Refundable'),
              render: (_, row) => (
                <span>
                  {row.refundable.provider && <RowTag color="success">{t('Online')}</RowTag>}
                  {row.refundable.iban && <RowTag color="blue">{t('Bank account')}</RowTag>}
                  {!row.refundable.provider && !row.refundable.iban && <RowTag>{t('No')}</RowTag>}
                </span>
              ),
            },
            { key: 'refund', title: '', render: (_, row) => <RefundButton row={row} onDone={refresh} /> },
          ]}
        />
      </Card>
      {access.isCompanyAdmin && <BankFiles />}
    </>
  );
}
