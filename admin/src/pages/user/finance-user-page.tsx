import { useTranslate } from '@refinedev/core';
import { Alert, Card, Empty, Spin } from 'antd';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../finance/finance-api';
import { PaymentDetailsTab } from './payment-details-tab';
import { useUserFinance } from './use-user-finance';

/**
 * The user page of a finance admin who may not read users (spec part 2: the Payment details tab is theirs):
 * who it is, from the balance answer, and the payment details.
 */
export function FinanceUserPage({ userId }: { userId: string }) {
  const t = useTranslate();
  const { balance } = useUserFinance(userId);
  const user = balance.data?.user;
  const body = balance.isError ? (
    <Alert type="error" showIcon message={t(messageOf(balance.error, 'Could not get details!'))} />
  ) : !user ? (
    <Spin />
  ) : user.email.anonymous ? (
    <Empty description={t('Anonymous users have no payment details')} />
  ) : (
    <PaymentDetailsTab userId={userId} />
  );
  return (
    <>
      <PageHeader title={user?.name.full || user?.email.value || t('User')} crumbs={[{ label: t('Refunds'), to: '/company/finance/payment/refund' }, { label: t('Payment details') }]} />
      <Card>{body}</Card>
    </>
  );
}
