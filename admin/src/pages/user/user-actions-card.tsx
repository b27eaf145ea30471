import { BankOutlined, IdcardOutlined, LinkOutlined, RollbackOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Card, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { NeedsService } from '../../components/service-off';
import { type BulkAction, financeApi } from '../finance/finance-api';
import { REFRESH_DELAY_MS } from '../finance/payment-rules';
import { AddCreditButton } from './add-credit-button';
import { useAnswerToasts } from './use-answer-toasts';
import type { RefreshUserFinance } from './use-user-finance';

interface ActionButton {
  action: BulkAction;
  /** the payment provider's actions */
  provider?: boolean;
  label: string;
  icon: ReactNode;
  /** asked first: the action moves money */
  confirm?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The per-user payment actions: each shows the API's answer, then the tab reads the user's figures again. */
export function UserActionsCard({ userId, refresh }: { userId: string; refresh: RefreshUserFinance }) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const toasts = useAnswerToasts();
  const [running, setRunning] = useState<BulkAction | null>(null);
  const buttons: ActionButton[] = [
    { action: 'refund', provider: true, label: t('Refund via payment provider'), icon: <RollbackOutlined />, confirm: t('Refund all leftover credit of this user through the payment provider?') },
    { action: 'refund-iban', label: t('Refund via bank account number'), icon: <BankOutlined />, confirm: t('Refund all leftover credit of this user to their bank account?') },
    { action: 'relink', label: t('Relink payments'), icon: <LinkOutlined /> },
    { action: 'sync', provider: true, label: t('Sync all payments'), icon: <SyncOutlined /> },
    { action: 'fetch-iban', provider: true, label: t('Fetch bank account number'), icon: <IdcardOutlined /> },
  ];
  const run = async ({ action }: ActionButton) => {
    setRunning(action);
    try {
      const answer = await financeApi.userAction(userId, action);
      if (answer.skipped) toasts.skipped(answer.message);
      else toasts.succeeded(answer.message);
    } catch (error) {
      toasts.failed(error, 'Whoops, something went wrong!');
    }
    await wait(REFRESH_DELAY_MS[action] ?? 0);
    await refresh(action === 'fetch-iban');
    setRunning(null);
  };
  const start = (button: ActionButton) => {
    if (button.confirm) modal.confirm({ title: button.label, content: button.confirm, onOk: () => void run(button) });
    else void run(button);
  };
  return (
    <Card size="small" title={t('Actions')} style={{ height: '100%' }}>
      <Space wrap>
        {buttons.map((button) => (
          <NeedsService key={button.action} service={button.provider ? 'paynl' : null}>
            <Button icon={button.icon} loading={running === button.action} disabled={!!running && running !== button.action} onClick={() => start(button)} data-testid={`user-action-${button.action}`}>
              {button.label}
            </Button>
          </NeedsService>
        ))}
        <AddCreditButton userId={userId} onAdded={() => refresh()} />
      </Space>
    </Card>
  );
}
