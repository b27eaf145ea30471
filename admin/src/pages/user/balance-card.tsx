import type { UserBalance } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import { formatEuro } from '../../definitions/format';
import { messageOf } from '../finance/finance-api';

/** The user's leftover credit and debt, in euros. */
export function BalanceCard({ balance }: { balance: UseQueryResult<UserBalance> }) {
  const t = useTranslate();
  return (
    <Card size="small" title={t('Balance')} style={{ height: '100%' }}>
      {balance.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t(messageOf(balance.error, 'Could not get details!'))} />}
      <Row gutter={16}>
        <Col span={12} data-testid="user-balance">
          <Statistic title={t('Credit')} value={formatEuro(balance.data?.balance.cents)} loading={balance.isLoading} />
        </Col>
        <Col span={12} data-testid="user-debt">
          <Statistic title={t('Debt')} value={formatEuro(balance.data?.debt.cents)} loading={balance.isLoading} />
        </Col>
      </Row>
    </Card>
  );
}
