import { UserSwitchOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { financeApi } from '../finance/finance-api';
import { useAnswerToasts } from './use-answer-toasts';

/** Assigns the ticket of a multi-ticket transaction to another email, asked in a prompt; the API checks the email. */
export function AssignTicketButton({ transactionId, onDone }: { transactionId: string; onDone(): void }) {
  const t = useTranslate();
  const toasts = useAnswerToasts();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [saving, setSaving] = useState(false);
  const assign = async () => {
    setSaving(true);
    try {
      toasts.succeeded((await financeApi.assignTicket(transactionId, email.trim())).message);
      setOpen(false);
      setEmail('');
      onDone();
    } catch (error) {
      toasts.failed(error, 'Whoops, something went wrong!');
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button size="small" icon={<UserSwitchOutlined />} data-testid={`assign-ticket-${transactionId}`} onClick={() => setOpen(true)}>
        {t('Assign to another email')}
      </Button>
      <Modal title={t('Assign to another email')} open={open} okText={t('Assign')} okButtonProps={{ disabled: !email.trim() }} confirmLoading={saving} onOk={assign} onCancel={() => setOpen(false)} destroyOnHidden>
        <Input type="email" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} onPressEnter={() => email.trim() && void assign()} placeholder={t('Email')} aria-label={t('Email')} data-testid="assign-ticket-email" />
      </Modal>
    </>
  );
}
