import { LogoutOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { useNotification, useTranslate } from '@refinedev/core';
import { Button, Card, Descriptions, Popconfirm, Typography } from 'antd';
import { formatUnix } from '../../definitions/format';
import { messageOf } from '../finance/finance-api';
import { type UserDoc, usersApi } from './users-api';

/**
 * The 'Other' card (super). The spec names it without its content; it holds what platform staff need when helping
 * someone: the user's id, when the account was made and last used, and signing the user out on every device.
 */
export function OtherCard({ userId, user }: { userId: string; user: UserDoc }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const signOut = async () => {
    try {
      const { ended } = await usersApi.endSessions(userId);
      notify?.({ type: 'success', message: t('Ended {{count}} sessions', { count: ended }) });
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
    }
  };
  return (
    <Card size="small" title={t('Other')} data-testid="other-card">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('User id')}>
          {/* the id itself, for super admins to copy: the one place it is meant to be read */}
          <Typography.Text code copyable data-shows-id>{userId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('Created at')}>{formatUnix(getPath(user, 'meta.createdAt')) || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('Last active')}>{formatUnix(getPath(user, 'meta.lastActiveAt')) || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('Email verified')}>{t(getPath(user, 'email.valid') === true ? 'Yes' : 'No')}</Descriptions.Item>
      </Descriptions>
      <Popconfirm title={t('Sign this user out on every device?')} onConfirm={signOut}>
        <Button icon={<LogoutOutlined />} data-testid="end-sessions">{t('Sign out everywhere')}</Button>
      </Popconfirm>
    </Card>
  );
}
