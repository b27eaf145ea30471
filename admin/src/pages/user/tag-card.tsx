import { CopyOutlined, DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { useNotification, useTranslate } from '@refinedev/core';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { messageOf } from '../finance/finance-api';
import { type UserDoc, usersApi } from './users-api';

/** Tag (bracelet) actions (super): link only when none is linked; unlink and copy only when one is. */
export function TagCard({ userId, user }: { userId: string; user: UserDoc }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [bracelet, setBracelet] = useState<UserDoc | undefined>(user.bracelet);
  const [tag, setTag] = useState('');
  const linked = getPath(bracelet ?? {}, 'state.id') === 'linked';
  const value = getPath(bracelet ?? {}, 'tag.value') as string | undefined;
  const run = async (action: () => Promise<{ bracelet: UserDoc }>) => {
    try {
      setBracelet((await action()).bracelet);
      setTag('');
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Could not connect to bracelet')) });
    }
  };
  const copy = () =>
    navigator.clipboard.writeText(value ?? '').then(
      () => notify?.({ type: 'success', message: t('Copied to clipboard') }),
      () => notify?.({ type: 'progress', message: t('Could not copy to clipboard') }),
    );
  return (
    <Card size="small" title={t('Tag')} data-testid="tag-card">
      {linked ? (
        <Space>
          <Typography.Text code>{value ?? '-'}</Typography.Text>
          <Button icon={<CopyOutlined />} onClick={copy}>{t('Copy')}</Button>
          <Button danger icon={<DisconnectOutlined />} onClick={() => run(() => usersApi.unlinkTag(userId))}>{t('Unlink')}</Button>
        </Space>
      ) : (
        <Space.Compact>
          <Input value={tag} onChange={(event) => setTag(event.target.value)} placeholder={t('Tag identifier')} aria-label={t('Tag identifier')} />
          <Button icon={<LinkOutlined />} disabled={!tag.trim()} onClick={() => run(() => usersApi.linkTag(userId, tag.trim()))}>{t('Link')}</Button>
        </Space.Compact>
      )}
    </Card>
  );
}
