import type { AccessEntry } from '@backoffice/resources';
import { useNotification, useTranslate } from '@refinedev/core';
import { Button, Collapse, Empty, Popconfirm, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../finance/finance-api';
import { AccessRightsEditor } from '../user/access-rights-editor';
import { type UserDoc, saveAccessRights, usersApi } from '../user/users-api';
import { UserPicker } from './user-picker';

/** One third party's access rights with its own save and remove-all. */
function ThirdPartyPanel({ user, onRemoved }: { user: UserDoc; onRemoved: () => void }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [entries, setEntries] = useState<AccessEntry[]>(user.accessRef ?? []);
  const fail = (error: unknown) => notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <AccessRightsEditor value={entries} onChange={setEntries} />
      <Space>
        <Button type="primary" onClick={() => saveAccessRights(user._id, entries).then(() => notify?.({ type: 'success', message: t('Successfully saved') }), fail)}>
          {t('buttons.save')}
        </Button>
        <Popconfirm title={t('Remove all access rights of this user?')} onConfirm={() => usersApi.removeThirdParty(user._id).then(onRemoved, fail)}>
          <Button danger>{t('Remove all')}</Button>
        </Popconfirm>
      </Space>
    </Space>
  );
}

/** The Third parties tab: an accordion per third-party user with their access rights; add one by search. */
export function ThirdPartiesTab() {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [users, setUsers] = useState<UserDoc[] | null>(null);
  const load = useCallback(() => usersApi.thirdParties().then(setUsers, () => {
    notify?.({ type: 'error', message: t('Could not load third party users') });
    setUsers([]);
  }), [notify, t]);
  useEffect(() => void load(), [load]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <UserPicker
        placeholder={t('Add third party (search by name or email)')}
        exclude={(users ?? []).map((user) => user._id)}
        onPick={(user) => usersApi.addThirdParty(user._id).then(load, (error) => notify?.({ type: 'error', message: t(messageOf(error, 'Could not add this user')) }))}
      />
      {users && users.length === 0 ? (
        <Empty description={t('No third parties')} />
      ) : (
        <Collapse
          items={(users ?? []).map((user) => ({
            key: user._id,
            label: `${user.name?.full ?? ''} <${user.email?.value ?? ''}>`,
            children: <ThirdPartyPanel user={user} onRemoved={load} />,
          }))}
        />
      )}
    </Space>
  );
}
