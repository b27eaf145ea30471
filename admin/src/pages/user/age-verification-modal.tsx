import { getPath } from '@backoffice/resources';
import { useNotification, useTranslate } from '@refinedev/core';
import { App, Button, Descriptions, Empty, Image, Modal, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { imageUrl } from '../../definitions/format';
import { messageOf } from '../finance/finance-api';
import { type UserDoc, usersApi } from './users-api';

type Decision = 'accept' | 'reject' | 'skip';

/**
 * Age verification (part 2 sections 2 and 4): users whose birthday is not verified and who have an identity
 * picture, one at a time, with Reject, Accept and Skip. Skipped users are not shown again in this session.
 */
export function AgeVerificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const { notification } = App.useApp();
  const [queue, setQueue] = useState<UserDoc[] | null>(null);
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (without: Set<string>) => {
    try {
      const { data } = await usersApi.ageQueue();
      setQueue(data.filter((user) => !without.has(user._id)));
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
      setQueue([]);
    }
  }, [notify, t]);

  useEffect(() => {
    if (open) void load(skipped);
    // the skipped users of this session stay skipped; reload only when the modal opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const user = queue?.[0];
  const decide = async (decision: Decision) => {
    if (!user) return;
    setBusy(true);
    try {
      const answer = await usersApi.ageDecision(user._id, decision);
      // rejected and skipped are warnings in the spec
      notification[decision === 'accept' ? 'success' : 'warning']({ message: t(answer.message), placement: 'topRight' });
      const nextSkipped = decision === 'skip' ? new Set(skipped).add(user._id) : skipped;
      setSkipped(nextSkipped);
      const rest = queue!.slice(1);
      if (rest.length > 0) setQueue(rest);
      else await load(nextSkipped);
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
    } finally {
      setBusy(false);
    }
  };

  const identity = user && (getPath(user, 'image.identity') as string | undefined);
  return (
    <Modal open={open} title={t('Verify age')} onCancel={onClose} footer={null} width={560} data-testid="age-verification">
      {queue === null ? (
        <Spin />
      ) : !user ? (
        <Empty description={t('No users left to verify')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="age-user">
          {identity && <Image src={imageUrl(identity, 512)} alt={t('Identity picture')} style={{ maxHeight: 320 }} />}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('Name')}>{String(getPath(user, 'name.full') ?? '-')}</Descriptions.Item>
            <Descriptions.Item label={t('Email')}>{String(getPath(user, 'email.value') ?? '-')}</Descriptions.Item>
            <Descriptions.Item label={t('Date of birth')}>{String(getPath(user, 'birthday.date') ?? '-')}</Descriptions.Item>
          </Descriptions>
          <Space>
            <Button danger disabled={busy} onClick={() => decide('reject')}>{t('Reject')}</Button>
            <Button type="primary" disabled={busy} onClick={() => decide('accept')}>{t('Accept')}</Button>
            <Button disabled={busy} onClick={() => decide('skip')}>{t('Skip')}</Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
