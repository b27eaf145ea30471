import { CloudDownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useNotification, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Dropdown, Row, Space, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { RowButton } from '../../components/row-button';
import { formatEuro, formatNumber, formatUnix } from '../../definitions/format';
import { exportLink } from '../../generic/list/batch-menu';
import { api } from '../../providers/http';
import { useMe } from '../../providers/use-me';
import { type TransactionRow, financeApi, messageOf } from './finance-api';
import { FinanceTable } from './finance-table';
import { isPastRefundLock } from './payment-rules';
import { PeriodPicker } from './period-picker';
import { stateText } from './finance-labels';
import { usePeriod } from './period';
import { TransactionProductEditor } from './transaction-product-editor';
import { useFinanceAccess } from './use-finance-access';
import { UserLink } from './user-link';
import { Thumbnail } from '../../components/thumbnail';
import { RowTag } from '../../components/row-tag';

const PAGE_SIZE = 25;

/** Credits in the company's token currency: euros divided by the exchange rate. */
export function credits(cents: number, rate: unknown): number {
  const divisor = typeof rate === 'number' && rate > 0 ? rate : 1;
  return Math.round((cents / 100 / divisor) * 100) / 100;
}

function Products({ row }: { row: TransactionRow }) {
  return (
    <span className="cell-inline">
      {row.products.map((product) => (
        <span key={product.productId} className="product-thumb" title={product.name ?? product.productId}>
          {product.image ? <Thumbnail id={product.image} size={32} /> : <span className="product-thumb-letter">{(product.name ?? '?').slice(0, 1)}</span>}
          {product.count > 1 && <span className="product-thumb-count">×{product.count}</span>}
        </span>
      ))}
    </span>
  );
}

/** Transactions (spec part 1 section 2): period, Total sold and Total credits, totals by state, the transactions with products. */
export default function TransactionOverviewPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const me = useMe();
  const access = useFinanceAccess();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const queryClient = useQueryClient();
  const { period, setPeriod, startMs, endMs } = usePeriod();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TransactionRow | null>(null);
  const overview = useQuery({ queryKey: ['finance-overview', startMs, endMs], queryFn: () => financeApi.overview(startMs, endMs) });
  const rows = useQuery({
    queryKey: ['finance-transactions', startMs, endMs, page],
    queryFn: () => financeApi.transactions(startMs, endMs, { start: (page - 1) * PAGE_SIZE, end: page * PAGE_SIZE }),
  });
  const company = useQuery({
    queryKey: ['finance-company', me?.company._id],
    enabled: !!me?.company._id,
    queryFn: async () => (await api<{ settings?: { payment?: { currencySymbol?: string; currencyExchangeRate?: number } } }>(`/api/company/model/company/${me!.company._id}`)).data,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['finance-transactions'] });
    void queryClient.invalidateQueries({ queryKey: ['finance-overview'] });
  };
  const refund = (row: TransactionRow) => {
    const old = isPastRefundLock(row);
    modal.confirm({
      title: t('Refund {{amount}}?', { amount: formatEuro(row.amount?.cents) }),
      content: old ? t('Refunding transaction older than 30 days') : undefined,
      onOk: async () => {
        try {
          await financeApi.refundTransaction(row._id);
          open?.({ type: 'success', message: t('We have refunded payment!') });
        } catch (error) {
          open?.({ type: 'error', message: t('Could not refund!'), description: messageOf(error, '') });
        }
        refresh();
      },
    });
  };
  const accepted = overview.data?.transactionAccepted ?? { totalCount: 0, totalCents: 0 };
  const payment = company.data?.settings?.payment;
  const filters = [
    { field: 'state.put.at.unix', operator: 'gte' as const, value: Math.ceil(startMs / 1000) },
    { field: 'state.put.at.unix', operator: 'lte' as const, value: Math.floor(endMs / 1000) },
  ];
  return (
    <>
      <PageHeader
        title={t('Transactions')}
        crumbs={[{ label: t('Finance') }, { label: t('Transactions') }]}
        extra={
          <Dropdown
            trigger={['click']}
            menu={{ items: [{ key: 'export', icon: <CloudDownloadOutlined />, label: t('Download transactions'), onClick: () => navigate(exportLink('transaction', { filters, sorters: [{ field: 'state.put.at.unix', order: 'desc' }] })) }] }}
          >
            <Button data-testid="batch-menu">
              {t('Batch')} <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
      <Space style={{ marginBottom: 16 }}>
        <PeriodPicker value={period} onChange={(next) => { setPeriod(next); setPage(1); }} />
      </Space>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card size="small" data-testid="total-sold">
            <Statistic title={t('Total sold')} value={formatEuro(accepted.totalCents)} loading={overview.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" data-testid="total-credits">
            <Statistic title={t('Total credits')} value={formatEuro(Math.round(credits(accepted.totalCents, payment?.currencyExchangeRate) * 100), payment?.currencySymbol ?? '€')} loading={overview.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Table
              data-testid="transaction-states"
              size="small"
              pagination={false}
              rowKey={(row) => String(row._id.state)}
              dataSource={overview.data?.transactionTotal ?? []}
              columns={[
                { key: 'state', title: t('State'), render: (_, row) => stateText('transaction', row._id.state, t) },
                { key: 'count', title: t('Count'), align: 'right', render: (_, row) => formatNumber(row.totalCount) },
                { key: 'total', title: t('Total'), align: 'right', render: (_, row) => formatEuro(row.totalCents) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card>
        <FinanceTable<TransactionRow>
          testId="transactions"
          rows={rows}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          columns={[
            { key: 'when', title: t('When'), render: (_, row) => formatUnix(row.state?.put?.at?.unix) },
            { key: 'name', title: t('Name'), render: (_, row) => <UserLink user={row.user} /> },
            { key: 'transaction', title: t('Transaction'), render: (_, row) => row.name?.full ?? '—' },
            { key: 'price', title: t('Price'), align: 'right', render: (_, row) => formatEuro(row.amount?.cents) },
            { key: 'products', title: t('Products'), render: (_, row) => <Products row={row} /> },
            { key: 'state', title: t('State'), render: (_, row) => <RowTag>{stateText('transaction', row.state?.id, t)}</RowTag> },
            {
              key: 'actions',
              title: t('table.actions'),
              render: (_, row) => {
                const paid = row.state?.id === 'paid';
                const locked = paid && isPastRefundLock(row) && !access.isSuper;
                const reason = !paid ? t('Only paid transactions can be edited or refunded') : locked ? t('Transaction is too old to refund, contact support if you want to continue') : undefined;
                return (
                  <span className="row-buttons">
                    <RowButton disabled={!paid} title={paid ? undefined : reason} data-testid={`edit-products-${row._id}`} onClick={() => setEditing(row)}>{t('Edit products')}</RowButton>
                    <RowButton danger disabled={!paid || locked} title={reason} data-testid={`refund-${row._id}`} onClick={() => refund(row)}>{t('Refund')}</RowButton>
                  </span>
                );
              },
            },
          ]}
        />
      </Card>
      <TransactionProductEditor transaction={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); refresh(); }} />
    </>
  );
}
