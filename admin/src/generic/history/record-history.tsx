import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import type { HistoryEntry, ResourceDef } from '@backoffice/resources';
import { type HttpError, useInvalidate, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, List, Pagination, Popconfirm, Spin } from 'antd';
import { useState } from 'react';
import { formatUnix } from '../../definitions/format';
import { useAccess } from '../use-access';
import { historyApi } from './history-api';
import { EntryChanges, EntryHead } from './history-entry';
import { changeLabel } from './change-value';
import { useRecordVersion } from './record-versions';

const PAGE_SIZE = 10;

/**
 * A record's history on its edit screen: every write newest first, who made it, through which door and what it
 * changed; for those who may change the record, each earlier state can be restored (a write of its own, after which
 * the form holds the record as restored). It reads the history again whenever the record is read again.
 */
export function RecordHistory({ def, id }: { def: ResourceDef; id: string }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const may = useAccess(def);
  const invalidate = useInvalidate();
  const version = useRecordVersion(def.name, id);
  const [page, setPage] = useState(1);
  const [restoring, setRestoring] = useState<string | null>(null);
  const history = useQuery({
    queryKey: ['record-history', def.name, id, page, version?.version],
    queryFn: () => historyApi.record(def.name, id, (page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    placeholderData: (previous) => previous,
  });
  const restorable = may.update && def.restorable !== false;
  const restore = async (entry: HistoryEntry) => {
    setRestoring(entry._id);
    try {
      const answer = await historyApi.restore(def.name, id, entry._id, version?.version);
      await invalidate({ resource: def.name, id, invalidates: ['detail'] });
      message.success(t('Restored as it was on {{moment}}', { moment: formatUnix(entry.at.unix) }));
      if (answer.unrestored.length > 0) message.warning(t('Left as it is, not yours to change: {{fields}}', { fields: answer.unrestored.map((field) => changeLabel(def, field.path, t)).join(', ') }));
    } catch (error) {
      message.error((error as HttpError).message);
    } finally {
      setRestoring(null);
    }
  };
  const entries = history.data?.entries ?? [];
  return (
    <Card title={<><HistoryOutlined /> {t('History')}</>} style={{ marginTop: 16 }} data-testid="record-history">
      <Spin spinning={history.isFetching && !history.data}>
        {history.isError ? (
          <Empty description={(history.error as unknown as HttpError).message} />
        ) : (
          <List
            dataSource={entries}
            locale={{ emptyText: t('No history yet') }}
            renderItem={(entry, index) => {
              // the newest entry is the record as it is
              const current = page === 1 && index === 0;
              const action = restorable && !current && entry.action !== 'delete' && (
                <Popconfirm title={t('Restore the record as it was after this change?')} onConfirm={() => restore(entry)} okText={t('Restore')} cancelText={t('buttons.cancel')}>
                  <Button size="small" icon={<RollbackOutlined />} loading={restoring === entry._id} data-testid="history-restore">{t('Restore this version')}</Button>
                </Popconfirm>
              );
              return (
                <List.Item key={entry._id} data-testid="history-entry" style={{ display: 'block' }}>
                  <div style={{ marginBottom: 8 }}><EntryHead entry={entry} extra={action} /></div>
                  <EntryChanges def={def} entry={entry} />
                </List.Item>
              );
            }}
          />
        )}
        {(history.data?.total ?? 0) > PAGE_SIZE && <Pagination size="small" style={{ marginTop: 12, textAlign: 'right' }} current={page} pageSize={PAGE_SIZE} total={history.data?.total} onChange={setPage} showSizeChanger={false} />}
      </Spin>
    </Card>
  );
}
