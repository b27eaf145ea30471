import { DeleteOutlined } from '@ant-design/icons';
import { useNotification, useTranslate } from '@refinedev/core';
import { Button, List, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { type UserDoc, usersApi } from '../user/users-api';
import { UserPicker } from './user-picker';

/** The Blocked users tab: blocked users cannot sign in; add by search, remove per row. */
export function BlockedUsersTab() {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [entries, setEntries] = useState<{ userId: string; user?: UserDoc }[]>([]);
  const load = useCallback(() => usersApi.blocked().then(setEntries, () => setEntries([])), []);
  useEffect(() => void load(), [load]);
  const run = async (action: Promise<{ message: string }>, failure: string) => {
    try {
      notify?.({ type: 'success', message: t((await action).message) });
      await load();
    } catch {
      notify?.({ type: 'error', message: t(failure) });
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <UserPicker exclude={entries.map((entry) => entry.userId)} placeholder={t('Block a user (search by name or email)')} onPick={(user) => run(usersApi.block(user._id), 'Could not add this user')} />
      <List
        bordered
        style={{ maxHeight: 550, overflow: 'auto' }}
        dataSource={entries}
        locale={{ emptyText: t('No blocked users') }}
        renderItem={(entry) => (
          <List.Item actions={[<Button key="remove" size="small" icon={<DeleteOutlined />} onClick={() => run(usersApi.unblock(entry.userId), 'Could not remove this user')}>{t('Remove')}</Button>]}>
            {entry.user?.name?.full || entry.user?.email?.value || entry.userId}
          </List.Item>
        )}
      />
    </Space>
  );
}
