import { BATCH_SIZES } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Alert, Pagination, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useMe } from '../../providers/use-me';
import { MessageFrame } from './message-frame';
import type { BatchWizard } from './use-batch-wizard';

/** Render & preview: the batch is made on entering; the admin pages through each recipient's rendered message. */
export function RenderStep({ wizard }: { wizard: BatchWizard }) {
  const t = useTranslate();
  const me = useMe();
  const [seq, setSeq] = useState(1);
  if (wizard.creating) return <Spin data-testid="rendering" tip={t('Rendering')}><div style={{ height: 120 }} /></Spin>;
  if (wizard.createError) return <Alert type="error" showIcon message={t(wizard.createError)} />;
  const batch = wizard.batch;
  if (!batch) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text data-testid="render-total">{t('{{count}} recipients', { count: batch.total })}</Typography.Text>
        {me?.rights.includes('super') && (
          <Space>
            <Typography.Text>{t('Batch size')}</Typography.Text>
            <Select data-testid="batch-size" style={{ width: 100 }} value={wizard.chunkSize} onChange={wizard.setChunkSize} options={BATCH_SIZES.map((size) => ({ value: size, label: size }))} />
          </Space>
        )}
      </Space>
      <Pagination simple current={seq} total={batch.total} pageSize={1} onChange={setSeq} data-testid="preview-pager" />
      <MessageFrame batchId={batch._id} seq={seq} />
    </Space>
  );
}
