import { useNotification, useTranslate } from '@refinedev/core';
import { Button, Card, Form, Input } from 'antd';
import { messageOf } from '../finance/finance-api';
import { useFormValidity } from '../../generic/form/use-form-validity';
import { usePasswordRule } from './use-password-rule';
import { usersApi } from './users-api';

/** The global password card (super, only on your own page); the rule is checked on blur; other sessions end. */
export function GlobalPasswordCard({ userId }: { userId: string }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string }>();
  const passwordRule = usePasswordRule();
  const { invalid, onFieldsChange } = useFormValidity(form);
  const submit = async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
    try {
      await usersApi.changePassword(userId, currentPassword, newPassword);
      form.resetFields();
      notify?.({ type: 'success', message: t('Successfully updated!') });
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
    }
  };
  return (
    <Card size="small" title={t('Global password')} data-testid="password-card">
      <Form form={form} layout="vertical" onFinish={submit} onFieldsChange={onFieldsChange}>
        <Form.Item name="currentPassword" label={t('Current password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('New password')}
          validateTrigger="onBlur"
          rules={[{ required: true }, passwordRule]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button htmlType="submit" disabled={invalid}>{t('Change password')}</Button>
      </Form>
    </Card>
  );
}
