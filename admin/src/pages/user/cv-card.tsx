import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { useNotification, useTranslate } from '@refinedev/core';
import { Button, Card, Popconfirm, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { messageOf } from '../finance/finance-api';
import { type UserDoc, usersApi } from './users-api';

const ACCEPT = '.pdf,.docx,.odt,.doc';

/** The CV upload of the user page (when the company setting userFileCv is on): upload or replace, download, remove. */
export function CvCard({ userId, user, editable }: { userId: string; user: UserDoc; editable: boolean }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [cvId, setCvId] = useState<string | null>((getPath(user, 'file.cv') as string | undefined) ?? null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify?.({ type: 'success', message: t(done) });
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => void run(async () => setCvId((await usersApi.uploadCv(userId, file))._id), 'Successfully saved');
  const download = () => usersApi.downloadCv(userId).catch((error) => notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) }));
  const remove = () => run(async () => {
    await usersApi.removeCv(userId);
    setCvId(null);
  }, 'Successfully saved');
  return (
    <Card size="small" title={t('CV')} data-testid="cv-card">
      <Space wrap>
        {cvId ? (
          <Button icon={<DownloadOutlined />} onClick={download} data-testid="cv-download">{t('Download')}</Button>
        ) : (
          <Typography.Text type="secondary">{t('No CV uploaded')}</Typography.Text>
        )}
        {editable && (
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={(file) => { upload(file); return false; }}>
            <Button icon={<UploadOutlined />} loading={busy} data-testid="cv-upload">{t(cvId ? 'Replace CV' : 'Upload CV')}</Button>
          </Upload>
        )}
        {editable && cvId && (
          <Popconfirm title={t('Remove the CV?')} onConfirm={remove}>
            <Button danger icon={<DeleteOutlined />} disabled={busy}>{t('Remove')}</Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}
