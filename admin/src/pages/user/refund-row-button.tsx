import { useTranslate } from '@refinedev/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useAnswerToasts } from './use-answer-toasts';

export interface RefundRowProps {
  testId: string;
  label: string;
  /** the question of the confirmation */
  title: string;
  /** shown in the confirmation, e.g. that the refund lock is overridden */
  warning?: string;
  refund(): Promise<{ message: string; warning?: string }>;
  onDone(): Promise<void>;
}

/** A refund of one table row: asks first, then shows the API's answer ('Could not refund!' without one). */
export function RefundRowButton({ testId, label, title, warning, refund, onDone }: RefundRowProps) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const toasts = useAnswerToasts();
  const [busy, setBusy] = useState(false);
  const confirmed = async () => {
    setBusy(true);
    try {
      const answer = await refund();
      toasts.succeeded(answer.message, answer.warning);
    } catch (error) {
      toasts.failed(error, 'Could not refund!');
    }
    await onDone();
    setBusy(false);
  };
  const ask = () => modal.confirm({ title, content: warning, okText: t('Refund'), okButtonProps: { danger: true }, onOk: () => void confirmed() });
  return (
    <Button size="small" danger loading={busy} onClick={ask} data-testid={testId}>
      {label}
    </Button>
  );
}
