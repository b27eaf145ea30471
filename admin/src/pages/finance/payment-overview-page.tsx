import { CloudDownloadOutlined, CloudUploadOutlined, DownOutlined, RollbackOutlined } from '@ant-design/icons';
import { findResource, resolveField } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatEuro, formatUnix } from '../../definitions/format';
import { choiceLabel } from '../../definitions/screens';
import { stateText } from './finance-labels';
import { exportLink } from '../../generic/list/batch-menu';
import { financeApi, type PaymentRow } from './finance-api';
import { FinanceTable } from './finance-table';
import { PaymentSummary } from './payment-summary';
import { PeriodPicker } from './period-picker';
import { usePeriod } from './period';
import { useFinanceAccess } from './use-finance-access';
import { UserLink } from './user-link';
import { RowTag } from '../../components/row-tag';

const PAGE_SIZE = 25;

/** Payments (spec part 1 section 2): period, summary by state and type, super-only totals, the payments of the period. */
export default function PaymentOverviewPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const access = useFinanceAccess();
  const { period, setPeriod, startMs, endMs } = usePeriod();
  const [page, setPage] = useState(1);
  const paymentType = resolveField(findResource('payment')!, 'paymentType');
  const overview = useQuery({ queryKey: ['finance-overview', startMs, endMs], queryFn: () => financeApi.overview(startMs, endMs) });
  const payments = useQuery({
    queryKey: ['finance-payments', startMs, endMs, page],
    queryFn: () => financeApi.payments(startMs, endMs, { start: (page - 1) * PAGE_SIZE, end: page * PAGE_SIZE }),
  });
  const filters = [
    { field: 'state.put.at.unix', operator: 'gte' as const, value: Math.ceil(startMs / 1000) },
    { field: 'state.put.at.unix', operator: 'lte' as const, value: Math.floor(endMs / 1000) },
  ];
  const batch = access.isCompanyAdmin && (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'export', icon: <CloudDownloadOutlined />, label: t('Download these payments'), onClick: () => navigate(exportLink('payment', { filters, sorters: [{ field: 'state.put.at.unix', order: 'desc' }] })) },
          { key: 'import', icon: <CloudUploadOutlined />, label: t('Import payments'), onClick: () => navigate('/company/model/payment/import') },
        ],
      }}
    >
      <Button data-testid="batch-menu">
        {t('Batch')} <DownOutlined />
      </Button>
    </Dropdown>
  );
  return (
    <>
      <PageHeader
        title={t('Payments')}
        crumbs={[{ label: t('Finance') }, { label: t('Payments') }]}
        extra={
          <>
            <Button icon={<RollbackOutlined />} onClick={() => navigate('/company/finance/payment/refund')}>
              {t('Refund')}
            </Button>
            {batch}
          </>
        }
      />
      <Space style={{ marginBottom: 16 }}>
        <PeriodPicker
          value={period}
          onChange={(next) => {
            setPeriod(next);
            setPage(1);
          }}
        />
      </Space>
      <PaymentSummary overview={overview.data} loading={overview.isLoading} />
      <Card title={t('Payments')} size="small">
        <FinanceTable<PaymentRow>
          testId="payments"
          rows={payments}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          emptyText={t('No payments in this period')}
          columns={[
            { key: 'when', title: t('When'), render: (_, row) => formatUnix(row.state?.put?.at?.unix) },
            { key: 'name', title: t('Name'), render: (_, row) => row.name?.full ?? '' },
            { key: 'user', title: t('User'), render: (_, row) => <UserLink user={row.user} /> },
            { key: 'type', title: t('Type'), render: (_, row) => (row.paymentType ? t(choiceLabel(paymentType, row.paymentType)) : '') },
            { key: 'amount', title: t('Amount'), align: 'right', render: (_, row) => formatEuro(row.amount?.cents) },
            ...(access.isSuper ? [{ key: 'left', title: t('Amount not yet spent'), align: 'right' as const, render: (_: unknown, row: PaymentRow) => formatEuro(row.amountLeft?.cents) }] : []),
            { key: 'state', title: t('State'), render: (_, row) => <RowTag>{stateText('payment', row.state?.id, t)}</RowTag> },
          ]}
        />
      </Card>
    </>
  );
}
