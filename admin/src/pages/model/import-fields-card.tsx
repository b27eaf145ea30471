import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { downloadCsv } from './csv';
import { basePairs, exampleFileName, patchExample } from './import-logic';
import { fetchExample, type ImportField, type ImportMode } from './transfer-api';

interface Props {
  model: string;
  mode: ImportMode;
  fields: ImportField[];
  loading: boolean;
  base: Record<string, unknown>;
  modelInstance?: Record<string, unknown>;
}

/** The columns the file may have (key, description, format, required) and an example file to start from. */
export function ImportFieldsCard({ model, mode, fields, loading, base, modelInstance }: Props) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const pairs = basePairs(fields, base);
  const example = async () => {
    setDownloading(true);
    try {
      const csv = await fetchExample(model, base);
      downloadCsv(mode === 'patch' ? patchExample(csv, modelInstance) : csv, exampleFileName(model, mode));
    } catch (error) {
      notification.error({ key: 'import-example', message: t('Could not download the example'), description: (error as { message?: string })?.message });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card
      title={t('Columns of the file')}
      style={{ marginTop: 16 }}
      extra={<Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void example()}>{t('Download example CSV')}</Button>}
      data-testid="import-fields"
    >
      {mode === 'import' && pairs.length > 0 && (
        <Descriptions size="small" bordered column={1} title={t('Every row starts with these values')} style={{ marginBottom: 16 }}>
          {pairs.map(([key, value]) => (
            <Descriptions.Item key={key} label={<Typography.Text code>{key}</Typography.Text>}>{value}</Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Table<ImportField>
        size="small"
        rowKey="key"
        loading={loading}
        pagination={false}
        dataSource={fields}
        columns={[
          { key: 'key', title: t('Column'), render: (_, field) => <Typography.Text code>{field.key}</Typography.Text> },
          { key: 'description', title: t('Description'), render: (_, field) => t(field.description) },
          { key: 'formatHint', title: t('Format'), render: (_, field) => (field.formatHint ? t(field.formatHint) : '-') },
          {
            key: 'required',
            title: t('Required'),
            render: (_, field) => {
              if (field.requiredButInBase && pairs.some(([key]) => key === field.key)) return <Tag color="green">{t('In the base values')}</Tag>;
              if (field.requiredButInBase) return <Tag color="orange">{t('Required unless in the base values')}</Tag>;
              return field.required ? <Tag color="red">{t('Required')}</Tag> : <Tag>{t('Optional')}</Tag>;
            },
          },
        ]}
      />
    </Card>
  );
}
