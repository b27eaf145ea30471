import { useTranslate } from '@refinedev/core';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { quickCreateMerchant } from './merchant-api';

/** Quick setup: the merchant's English name, then its edit screen (spec part 1 section 2). */
export function MerchantCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ en: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ en }: { en: string }) => {
    setBusy(true);
    try {
      const merchant = await quickCreateMerchant(en.trim());
      form.resetFields();
      onClose();
      navigate(`/company/merchant/${merchant._id}/edit`);
    } catch (error) {
      message.error((error as { message?: string }).message ?? t('Error while saving'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('New merchant')} okText={t('buttons.create')} cancelText={t('buttons.cancel')} confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="merchant-quick-create">
        <Form.Item name="en" label={t('Merchant name (English)')} rules={[{ required: true, whitespace: true, message: t('Please enter a name') }, { max: 50, message: t('Must be at most 50 characters') }]}>
          <Input autoFocus maxLength={50} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
