import { DeleteOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Input, Space, Table, Tooltip, Typography } from 'antd';
import { shortMessage } from '../../generic/form/field-rules';
import { errorsByRow, problemInfo } from './import-logic';
import type { ValidateError } from './transfer-api';
import { CannotContinue } from './header-step';
import { MESSAGES, type ImportWizard } from './use-import-wizard';

interface ProblemRow {
  index: number;
  errors: ValidateError[];
}

/** Step 2: the rows the API declined, each editable or removable; Continue waits until none remain. */
export function ValidateStep({ wizard }: { wizard: ImportWizard }) {
  const t = useTranslate();
  const table = wizard.table;
  const rowErrors = wizard.answer?.rowErrors ?? [];
  if (!table) return null;
  const problems: ProblemRow[] = [...errorsByRow(rowErrors)].map(([index, errors]) => ({ index, errors }));
  if (problems.length === 0 && !wizard.stale) {
    return (
      <Alert
        type="success"
        showIcon
        message={t(MESSAGES.validated)}
        description={t('{{count}} rows are ready to be imported.', { count: table.rows.length })}
        data-testid="import-validated"
      />
    );
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="import-rows">
      {problems.length > 0 ? <CannotContinue /> : <Alert type="info" showIcon message={t('You changed the rows: validate them again to continue.')} />}
      {problems.length > 0 && (
        <Typography.Text>{t('{{count}} of {{total}} rows have problems. Correct the cells below, or remove the rows, then validate again.', { count: problems.length, total: table.rows.length })}</Typography.Text>
      )}
      <Table<ProblemRow>
        size="small"
        rowKey="index"
        pagination={problems.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: true }}
        dataSource={problems}
        columns={[
          { key: 'row', title: t('Row'), fixed: 'left', width: 64, render: (_, row) => row.index + 1 },
          {
            key: 'problems',
            title: t('Problems'),
            width: 280,
            render: (_, row) => (
              <ul style={{ margin: 0, paddingLeft: 16 }} data-testid="import-row-error">
                {row.errors.map((error, at) => (
                  <li key={at}>
                    <Typography.Text type="danger">{t(typeof error.info === 'string' ? shortMessage(error.message, error.info) : error.message)}</Typography.Text>{' '}
                    {problemInfo(error) && <Typography.Text type="secondary" code>{problemInfo(error)}</Typography.Text>}
                  </li>
                ))}
              </ul>
            ),
          },
          ...table.headers.map((header, column) => ({
            key: `cell-${column}`,
            title: <Typography.Text code>{header}</Typography.Text>,
            render: (_: unknown, row: ProblemRow) => (
              <Input
                size="small"
                aria-label={`${t('Row')} ${row.index + 1} ${header}`}
                status={row.errors.some((error) => error.info === header) ? 'error' : undefined}
                value={table.rows[row.index]?.[column] ?? ''}
                onChange={(event) => wizard.editCell(row.index, column, event.target.value)}
                style={{ minWidth: 140 }}
              />
            ),
          })),
          {
            key: 'remove',
            title: '',
            fixed: 'right',
            width: 56,
            render: (_, row) => (
              <Tooltip title={t('Remove row')}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('Remove row')} ${row.index + 1}`} onClick={() => wizard.removeRow(row.index)} />
              </Tooltip>
            ),
          },
        ]}
      />
    </Space>
  );
}
