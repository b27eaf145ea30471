import { resolveField, findResource } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { formatEuro, formatNumber } from '../../definitions/format';
import { choiceLabel } from '../../definitions/screens';
import { stateText } from './finance-labels';
import type { FinanceOverview } from './finance-api';

const paymentType = () => resolveField(findResource('payment')!, 'paymentType');

/**
 * Summary by state and payment type with count and total; 'Amount not yet spent' only when the API sent it
 * (super admins), and the Total card likewise.
 */
export function PaymentSummary({ overview, loading }: { overview: FinanceOverview | undefined; loading: boolean }) {
  const t = useTranslate();
  const typeField = paymentType();
  const rows = overview?.paymentTypeTotal ?? [];
  const withLeft = rows.some((row) => row.totalLeftCents !== undefined);
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} lg={overview?.paymentTotal ? 18 : 24}>
        <Card title={t('Summary')} size="small">
          <Table
            data-testid="payment-summary"
            size="small"
            loading={loading}
            pagination={false}
            rowKey={(row) => `${row._id.paymentType}-${row.state.id}`}
            dataSource={rows}
            columns={[
              { key: 'state', title: t('State'), render: (_, row) => stateText('payment', row.state.id, t) },
              { key: 'type', title: t('Type'), render: (_, row) => (row._id.paymentType ? t(choiceLabel(typeField, row._id.paymentType)) : '-') },
              { key: 'count', title: t('Count'), align: 'right', render: (_, row) => formatNumber(row.totalCount) },
              { key: 'total', title: t('Total'), align: 'right', render: (_, row) => formatEuro(row.totalCents) },
              ...(withLeft ? [{ key: 'left', title: t('Amount not yet spent'), align: 'right' as const, render: (_: unknown, row: (typeof rows)[number]) => formatEuro(row.totalLeftCents) }] : []),
            ]}
          />
        </Card>
      </Col>
      {overview?.paymentTotal && (
        <Col xs={24} lg={6}>
          <Card data-testid="payment-total" size="small" title={t('Total')}>
            <Statistic title={t('Completed payments')} value={formatEuro(overview.paymentTotal.totalCents)} />
            <Statistic title={t('Count')} value={formatNumber(overview.paymentTotal.totalCount)} style={{ marginTop: 12 }} />
            <Statistic title={t('Amount not yet spent')} value={formatEuro(overview.paymentTotal.totalLeftCents)} style={{ marginTop: 12 }} />
          </Card>
        </Col>
      )}
    </Row>
  );
}
