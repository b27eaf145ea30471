import type { BatchStatus, UndecidedBatch } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, List } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { batchApi } from './batch-api';

/** Earlier batches with recipients waiting for a decision, each opened in the send step to decide there. */
export function UndecidedBatches({ onOpen }: { onOpen: (batch: BatchStatus) => void }) {
  const t = useTranslate();
  const [batches, setBatches] = useState<UndecidedBatch[]>([]);
  useEffect(() => {
    batchApi.undecided().then(setBatches, () => setBatches([]));
  }, []);
  if (batches.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="undecided-batches"
      style={{ marginBottom: 16 }}
      message={t('Batches with recipients that need a decision')}
      description={
        <List
          size="small"
          dataSource={batches}
          renderItem={(batch) => (
            <List.Item actions={[<Button key="open" size="small" onClick={() => batchApi.status(batch._id).then(onOpen, () => undefined)}>{t('Open')}</Button>]}>
              {`${batch.templateName || batch.kind} (${dayjs.unix(batch.createdAt).format('YYYY-MM-DD HH:mm')}): ${t('{{count}} recipients need a decision', { count: batch.uncertain })}`}
            </List.Item>
          )}
        />
      }
    />
  );
}
