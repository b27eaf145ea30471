import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { financeApi } from '../finance/finance-api';
import { centsFromEuros } from '../finance/payment-rules';
import { useAnswerToasts } from './use-answer-toasts';

interface CreditValues {
  euros?: number;
  note?: string;
}

/** Add credits: a dialog with the amount in euros and a note; the API gets whole cents. */
export function AddCreditButton({ userId, onAdded }: { userId: string; onAdded(): Promise<void> }) {
  const t = useTranslate();
  const toasts = useAnswerToasts();
  const [form] = Form.useForm<CreditValues>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async ({ euros, note }: CreditValues) => {
    setSaving(true);
    try {
      await financeApi.addCredit(userId, centsFromEuros(euros)!, note?.trim() ?? '');
      toasts.succeeded('Successfully updated!');
      setOpen(false);
    } catch (error) {
      toasts.failed(error, 'Could not add credits');
    } finally {
      setSaving(false);
    }
    await onAdded();
  };
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="user-action-credit">
        {t('Add credits')}
      </Button>
      <Modal title={t('Add credits')} open={open} okText={t('Add credits')} confirmLoading={saving} onOk={() => form.submit()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={save} data-testid="credit-form">
          <Form.Item
            name="euros"
            label={t('Amount')}
            rules={[{ validator: async (_, value) => { if (centsFromEuros(value) === null) throw new Error(t('Please enter a valid amount')); } }]}
          >
            <InputNumber prefix="€" min={0} step={1} precision={2} style={{ width: '100%' }} autoFocus />
          </Form.Item>
          <Form.Item name="note" label={t('Note')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
