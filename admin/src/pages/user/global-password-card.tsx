import { DEFAULT_PASSWORD_MIN_LENGTH, passwordProblem } from '@backoffice/resources';
import { useNotification, useOne, useTranslate } from '@refinedev/core';
import { Button, Card, Form, Input } from 'antd';
import { messageOf } from '../finance/finance-api';
import { useMe } from '../../providers/use-me';
import { usersApi } from './users-api';

/** The global password card (super, only on your own page); the rule is checked on blur; other sessions end. */
export function GlobalPasswordCard({ userId }: { userId: string }) {
  const t = useTranslate();
  const me = useMe();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string }>();
  const { result: company } = useOne({ resource: 'company', id: me?.company._id, meta: { select: ['settings.userPasswordMinLength'] }, queryOptions: { enabled: !!me } });
  const minLength = Number((company as { settings?: { userPasswordMinLength?: number } } | undefined)?.settings?.userPasswordMinLength) || DEFAULT_PASSWORD_MIN_LENGTH;
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
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="currentPassword" label={t('Current password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('New password')}
          validateTrigger="onBlur"
          rules={[{ required: true }, { validator: (_, value) => { const problem = value ? passwordProblem(String(value), minLength) : null; return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve(); } }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button htmlType="submit">{t('Change password')}</Button>
      </Form>
    </Card>
  );
}
