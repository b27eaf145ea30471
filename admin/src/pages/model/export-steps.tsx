import { CopyOutlined, FileExcelOutlined, FileTextOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Checkbox, Divider, Empty, Result, Space, Spin, Typography } from 'antd';
import type { ExportWizard } from './use-export-wizard';

/** Step 0: exported files hold personal data; the user must agree before going on. */
export function PrivacyStep({ wizard }: { wizard: ExportWizard }) {
  const t = useTranslate();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="export-privacy">
      <Alert
        type="warning"
        showIcon
        icon={<SafetyOutlined />}
        message={t('Privacy warning')}
        description={
          <>
            <Typography.Paragraph>{t('An export can contain personal data of your users and guests. Once downloaded, you are responsible for it.')}</Typography.Paragraph>
            <ul style={{ margin: 0 }}>
              <li>{t('Only export the data you need, and only for the purpose you collected it for.')}</li>
              <li>{t('Store the file securely and do not share it with people who should not see it.')}</li>
              <li>{t('Delete the file as soon as you no longer need it.')}</li>
            </ul>
          </>
        }
      />
      <Checkbox checked={wizard.agreed} onChange={(event) => wizard.setAgreed(event.target.checked)} data-testid="export-agree">
        {t('I understand and agree to handle this data with care')}
      </Checkbox>
    </Space>
  );
}

/** Step 1: every field on at first; one or all can be toggled. */
export function FieldsStep({ wizard }: { wizard: ExportWizard }) {
  const t = useTranslate();
  const fields = wizard.fields.data ?? [];
  if (wizard.fields.isLoading) return <Spin />;
  if (wizard.fields.error) return <Alert type="error" showIcon message={t('Could not load the fields')} description={(wizard.fields.error as { message?: string }).message} />;
  if (fields.length === 0) return <Empty description={t('There are no fields to export')} />;
  const count = wizard.selected.length;
  return (
    <div data-testid="export-fields">
      <Checkbox
        checked={count === fields.length}
        indeterminate={count > 0 && count < fields.length}
        onChange={(event) => wizard.setSelected(event.target.checked ? fields.map((field) => field.key) : [])}
      >
        {t('Select all')} ({t('{{count}} of {{total}} selected', { count, total: fields.length })})
      </Checkbox>
      <Divider style={{ margin: '12px 0' }} />
      <Checkbox.Group value={wizard.selected} onChange={(value) => wizard.setSelected(value as string[])} style={{ width: '100%' }}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 8, width: '100%' }}>
          {fields.map((field) => (
            <Checkbox key={field.key} value={field.key}>
              {t(field.label)} <Typography.Text type="secondary" code>{field.key}</Typography.Text>
            </Checkbox>
          ))}
        </div>
      </Checkbox.Group>
      {count === 0 && <Alert style={{ marginTop: 16 }} type="info" showIcon message={t('Select at least one field to continue')} />}
    </div>
  );
}

/** Step 2: loads the export, then offers XLSX, CSV or the clipboard. */
export function ExportStep({ wizard }: { wizard: ExportWizard }) {
  const t = useTranslate();
  if (wizard.loading) {
    return (
      <Spin tip={t('Exporting...')}>
        <div style={{ height: 120 }} data-testid="export-loading" />
      </Spin>
    );
  }
  if (wizard.failure !== undefined || !wizard.result) {
    return (
      <Result
        status="error"
        title={t('Could not export')}
        subTitle={wizard.failure}
        extra={<Button onClick={() => void wizard.retry()}>{t('Try again')}</Button>}
      />
    );
  }
  const { count, lowerBound, csv } = wizard.result;
  const records = lowerBound ? t('more than {{count}} records, {{fields}} fields', { count: count.toLocaleString('nl-NL'), fields: wizard.selected.length }) : t('{{count}} records, {{fields}} fields', { count, fields: wizard.selected.length });
  return (
    <Result
      status={count > 0 ? 'success' : 'warning'}
      title={count > 0 ? t('Your export is ready') : t('No records match the filters')}
      subTitle={<span data-testid="export-count">{records}</span>}
      extra={
        <Space wrap style={{ justifyContent: 'center' }}>
          <Button type="primary" icon={<FileExcelOutlined />} loading={wizard.downloading === 'xlsx'} onClick={() => void wizard.download('xlsx')}>
            {t('Download as XLSX')}
          </Button>
          <Button icon={<FileTextOutlined />} loading={wizard.downloading === 'csv'} onClick={() => void wizard.download('csv')}>
            {t('Download as CSV')}
          </Button>
          {csv !== undefined && (
            <Button icon={<CopyOutlined />} onClick={() => void wizard.copy()}>
              {t('Copy to clipboard')}
            </Button>
          )}
        </Space>
      }
    />
  );
}
