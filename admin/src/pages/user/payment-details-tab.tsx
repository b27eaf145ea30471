import { getPath } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, Col, Flex, Row, Space } from 'antd';
import { useState } from 'react';
import { formatEuro } from '../../definitions/format';
import { financeApi } from '../finance/finance-api';
import { isPastRefundLock, refundWayOf } from '../finance/payment-rules';
import { type EditableTransaction, TransactionProductEditor } from '../finance/transaction-product-editor';
import { useFinanceAccess } from '../finance/use-finance-access';
import { AssignTicketButton } from './assign-ticket-button';
import { BalanceCard } from './balance-card';
import { RefundRowButton } from './refund-row-button';
import { UserActionsCard } from './user-actions-card';
import { UserRecordsTable } from './user-records-table';
import { useUserFinance } from './use-user-finance';

const idOf = (record: Record<string, unknown>) => String(record._id ?? record.id);

/** Payment details of a user (finance admins): balance, payment actions, the user's payments and transactions. */
export function PaymentDetailsTab({ userId }: { userId: string }) {
  const t = useTranslate();
  const { isSuper } = useFinanceAccess();
  const { balance, refresh } = useUserFinance(userId);
  const onDone = () => refresh();
  const [editing, setEditing] = useState<EditableTransaction | null>(null);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <BalanceCard balance={balance} />
        </Col>
        <Col xs={24} lg={16}>
          <UserActionsCard userId={userId} refresh={refresh} />
        </Col>
      </Row>
      <UserRecordsTable
        model="payment"
        userId={userId}
        title={t('Payments')}
        action={(payment) => {
          const way = refundWayOf(payment);
          return way && (
            <RefundRowButton
              testId={`refund-payment-${idOf(payment)}`}
              label={t(way === 'iban' ? 'Refund by bank' : 'Refund')}
              title={t('Refund {{amount}}?', { amount: formatEuro(getPath(payment, 'amountLeft.cents')) })}
              refund={() => financeApi.refundPayment(idOf(payment), way)}
              onDone={onDone}
            />
          );
        }}
      />
      <UserRecordsTable
        model="transaction"
        userId={userId}
        title={t('Transactions')}
        populate={['productRef.product']}
        action={(transaction) =>
          getPath(transaction, 'state.id') === 'paid' && (
            <Space size={4}>
              <Button size="small" data-testid={`edit-products-${idOf(transaction)}`} onClick={() => setEditing(transaction as unknown as EditableTransaction)}>
                {t('Edit products')}
              </Button>
              <RefundRowButton
              testId={`refund-transaction-${idOf(transaction)}`}
              label={t('Refund')}
              title={t('Refund {{amount}}?', { amount: formatEuro(getPath(transaction, 'amount.cents')) })}
              // past the lock only super admins may refund: they are warned; anyone else gets the API's refusal
              warning={isSuper && isPastRefundLock(transaction) ? t('Refunding transaction older than 30 days') : undefined}
              refund={() => financeApi.refundTransaction(idOf(transaction))}
              onDone={onDone}
              />
              {!!getPath(transaction, 'eventMultiTicketRef.eventMultiTicketId') && <AssignTicketButton transactionId={idOf(transaction)} onDone={onDone} />}
            </Space>
          )
        }
      />
      <TransactionProductEditor transaction={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); refresh(); }} />
    </Flex>
  );
}
