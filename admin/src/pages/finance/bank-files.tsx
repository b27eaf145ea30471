import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table } from 'antd';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../../config';
import { formatEuro } from '../../definitions/format';
import { downloadFile } from '../../providers/http';
import { type BankFile, financeApi } from './finance-api';

/** Downloads a stored bank file. */
export function downloadBankFile(file: Pick<BankFile, 'downloadUrl' | 'fileName'>): Promise<string> {
  return downloadFile(file.downloadUrl, file.fileName);
}

/** Refund bank files made before, to download again. */
export function BankFiles() {
  const t = useTranslate();
  const files = useQuery({ queryKey: ['finance-bank-files'], queryFn: financeApi.bankFiles });
  if (!files.data?.length) return null;
  return (
    <Card title={t('Refund bank files')} size="small" style={{ marginTop: 16 }}>
      <Table<BankFile>
        data-testid="bank-files"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={files.data}
        columns={[
          { key: 'when', title: t('When'), render: (_, file) => dayjs(file.createdAt).format(DATE_TIME_FORMAT) },
          { key: 'transfers', title: t('Transfers'), align: 'right', render: (_, file) => file.transferCount },
          { key: 'files', title: t('Files'), align: 'right', render: (_, file) => file.fileCount },
          { key: 'total', title: t('Total'), align: 'right', render: (_, file) => formatEuro(file.totalCents) },
          { key: 'download', title: '', render: (_, file) => <Button size="small" icon={<DownloadOutlined />} onClick={() => downloadBankFile(file)}>{t('Download')}</Button> },
        ]}
      />
    </Card>
  );
}
