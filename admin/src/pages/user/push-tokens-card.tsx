import { DeleteOutlined } from '@ant-design/icons';
import { type BaseRecord, useList, useNotification, useTranslate } from '@refinedev/core';
import { Button, Card, List, Popconfirm, Typography } from 'antd';
import { formatUnix } from '../../definitions/format';
import { messageOf } from '../finance/finance-api';
import { usersApi } from './users-api';

/** The devices a user gets push notifications on (super): each token with its app, removable one at a time. */
export function PushTokensCard({ userId }: { userId: string }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const { result, query } = useList<BaseRecord>({
    resource: 'pushToken',
    filters: [{ field: 'userRef.userId', operator: 'eq', value: userId }],
    sorters: [{ field: 'meta.createdAt', order: 'desc' }],
    pagination: { pageSize: 100 },
  });
  const remove = async (tokenId: string) => {
    try {
      await usersApi.removePushToken(tokenId);
      notify?.({ type: 'success', message: t('Removed the push token') });
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
    }
    await query.refetch();
  };
  return (
    <Card size="small" title={t('Push tokens')} data-testid="push-tokens-card">
      <List
        size="small"
        loading={query.isLoading}
        dataSource={result?.data ?? []}
        locale={{ emptyText: t('No push tokens') }}
        renderItem={(token) => (
          <List.Item
            data-testid={`push-token-${token._id}`}
            actions={[
              <Popconfirm key="remove" title={t('Remove this push token?')} onConfirm={() => remove(String(token._id))}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Remove')} />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={<Typography.Text code copyable ellipsis style={{ maxWidth: 260 }}>{String(token.token ?? '')}</Typography.Text>}
              description={`${String(token.expoSlug ?? '-')} · ${formatUnix((token.meta as { createdAt?: number } | undefined)?.createdAt) || '-'}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
