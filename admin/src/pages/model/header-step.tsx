import { useTranslate } from '@refinedev/core';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { headersBlocked, isTolerated } from './import-logic';
import type { ValidateError } from './transfer-api';
import { MESSAGES, type ImportWizard } from './use-import-wizard';

/** The API's header codes in words; unknown codes show as they are. */
export const HEADER_MESSAGES: Record<string, string> = {
  'header-not-allowed-or-recognized': 'This column is not allowed or not recognised; it will be removed',
  'header-is-duplicate-and-will-be-ignored': 'This column appears twice; the repeat will be removed',
  'header-is-required': 'This required column is missing',
};

export function CannotContinue() {
  const t = useTranslate();
  return <Alert type="warning" showIcon message={t(MESSAGES.cannotContinue)} description={t(MESSAGES.cannotContinueDetail)} data-testid="import-cannot-continue" />;
}

/** Step 1: header problems; unknown and repeated columns are tolerated (removed), anything else blocks. */
export function HeaderStep({ wizard }: { wizard: ImportWizard }) {
  const t = useTranslate();
  const errors = wizard.answer?.headerErrors ?? [];
  const headers = wizard.table?.headers ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="import-headers">
      {headersBlocked(errors) ? (
        <CannotContinue />
      ) : (
        <Alert type="info" showIcon message={t('Some columns will be ignored')} description={t('Continue to remove them and validate the rows.')} />
      )}
      <Typography.Text>
        {t('Columns in {{file}}:', { file: wizard.fileName ?? '' })} {headers.map((header, index) => <Tag key={index}>{header || '-'}</Tag>)}
      </Typography.Text>
      <Table<ValidateError>
        size="small"
        pagination={false}
        rowKey={(error) => `${error.index}-${error.message}-${String(error.info)}`}
        dataSource={errors}
        columns={[
          { key: 'column', title: t('Column'), render: (_, error) => (error.index >= 0 ? error.index + 1 : '-') },
          { key: 'header', title: t('Header'), render: (_, error) => <Typography.Text code>{String(error.info ?? headers[error.index] ?? '')}</Typography.Text> },
          {
            key: 'problem',
            title: t('Problem'),
            render: (_, error) => (
              <Space>
                <Tag color={isTolerated(error) ? 'orange' : 'red'}>{isTolerated(error) ? t('Will be ignored') : t('Blocks the import')}</Tag>
                {t(HEADER_MESSAGES[error.message] ?? error.message)}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
