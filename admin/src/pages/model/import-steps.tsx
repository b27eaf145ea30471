import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Descriptions, Result, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { MESSAGES, type ImportWizard } from './use-import-wizard';

/** Step 3: what will be written; the import runs on request and moves on to the result. */
export function ImportStep({ wizard, patch }: { wizard: ImportWizard; patch: boolean }) {
  const t = useTranslate();
  const table = wizard.table;
  if (!table) return null;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="import-run">
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('File')}>{wizard.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('Rows')}>{table.rows.length}</Descriptions.Item>
        <Descriptions.Item label={t('Columns')}>{table.headers.map((header, index) => <Tag key={index}>{header}</Tag>)}</Descriptions.Item>
      </Descriptions>
      <div style={{ textAlign: 'center' }}>
        <Button type="primary" size="large" icon={<CloudUploadOutlined />} loading={wizard.busy === 'importing'} onClick={() => void wizard.runImport()}>
          {patch ? t('Update {{count}} records', { count: table.rows.length }) : t('Import {{count}} records', { count: table.rows.length })}
        </Button>
      </div>
    </Space>
  );
}

/** Step 4: the outcome, with the way back to the list. */
export function ResultStep({ wizard, listTo, patch }: { wizard: ImportWizard; listTo: string; patch: boolean }) {
  const t = useTranslate();
  return (
    <div data-testid="import-result">
      <Result
        status="success"
        title={t(patch ? MESSAGES.patchCompleted : MESSAGES.completed)}
        subTitle={patch ? t('{{count}} records updated', { count: wizard.imported }) : t('{{count}} records imported', { count: wizard.imported })}
        extra={[
          <Link key="list" to={listTo}>
            <Button type="primary">{t('Back to the list')}</Button>
          </Link>,
          <Button key="again" onClick={wizard.reset}>
            {t('Import another file')}
          </Button>,
        ]}
      />
    </div>
  );
}
