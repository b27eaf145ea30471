import { useTranslate } from '@refinedev/core';
import { Progress, Space, Typography } from 'antd';
import type { ImportWizard } from './use-import-wizard';

const percent = (rows: number, of: number) => (of > 0 ? Math.floor((rows / of) * 100) : 0);

/** While the API checks or writes the rows: how many it has validated, and for an import how many it has written. */
export function ImportProgressBars({ wizard }: { wizard: ImportWizard }) {
  const t = useTranslate();
  const { busy, progress } = wizard;
  if (!busy || !progress) return null;
  const { validated, written } = progress;
  const counts = (rows: number) => ({ rows: rows.toLocaleString(), of: progress.of.toLocaleString() });
  const line = (text: string, rows: number) => (
    <div>
      <Typography.Text>{text}</Typography.Text>
      <Progress percent={percent(rows, progress.of)} status={rows < progress.of ? 'active' : 'normal'} />
    </div>
  );
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid="import-progress">
      {line(t('Rows validated: {{rows}} of {{of}}', counts(validated)), validated)}
      {busy === 'importing' && line(t('Rows written: {{rows}} of {{of}}', counts(written)), written)}
    </Space>
  );
}
