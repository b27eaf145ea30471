import { AUDIT_DOOR_LABELS, AUDIT_DOORS, allResources, findResource, mayAct } from '@backoffice/resources';
import { type HttpError, useTranslate } from '@refinedev/core';
import { Alert, Card, List, Pagination, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import NoAccess from '../../app/no-access';
import { ClosedSelect } from '../../components/closed-select';
import { PageHeader } from '../../components/page-header';
import { LOG_PAGE_SIZE, useCompanyLog } from '../../components/use-company-log';
import { editPath, pluralLabel } from '../../definitions/screens';
import { historyApi } from '../../generic/history/history-api';
import { EntryChanges, EntryHead } from '../../generic/history/history-entry';
import { ReferenceFilter } from '../../generic/list/reference-filter';

/**
 * The company's activity (for company and super admins): its recent writes across models, newest first, each with its
 * record, who made it, through which door and what it changed; narrowed by person, model and door.
 */
export default function ActivityPage() {
  const t = useTranslate();
  const { rights, denied, page, setPage, filter, narrow, query: activity } = useCompanyLog<{ actor?: string; model?: string; door?: string }, Awaited<ReturnType<typeof historyApi.activity>>>('company-activity', historyApi.activity);
  const models = useMemo(() => allResources().filter((def) => def.name !== 'auditLog' && mayAct(def, 'read', rights)), [rights]);
  if (denied) return <NoAccess rights={['company']} />;
  const data = activity.data;
  return (
    <>
      <PageHeader title={t('Activity')} crumbs={[{ label: t('Activity') }]} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <ReferenceFilter resource="user" value={filter.actor ?? null} onChange={(actor) => narrow({ actor: actor ?? undefined })} placeholder={t('Everyone')} style={{ minWidth: 220 }} />
          <ClosedSelect
            allowClear
            aria-label={t('Model')}
            placeholder={t('Every model')}
            style={{ minWidth: 200 }}
            value={filter.model}
            onChange={(model) => narrow({ model })}
            options={models.map((def) => ({ value: def.name, label: t(pluralLabel(def)) }))}
            data-testid="activity-model"
          />
          <ClosedSelect
            allowClear
            aria-label={t('Via')}
            placeholder={t('Every way in')}
            style={{ minWidth: 180 }}
            value={filter.door}
            onChange={(door) => narrow({ door })}
            options={AUDIT_DOORS.map((door) => ({ value: door, label: t(AUDIT_DOOR_LABELS[door]) }))}
            data-testid="activity-door"
          />
        </Space>
        {activity.isError && <Alert type="error" showIcon message={(activity.error as unknown as HttpError).message} />}
        <Spin spinning={activity.isFetching}>
          <List
            dataSource={data?.entries ?? []}
            locale={{ emptyText: t('No activity') }}
            renderItem={(entry) => {
              const def = findResource(entry.model);
              const title = entry.titles[entry.recordId] ?? entry.recordId;
              const record = def?.screens && entry.action !== 'delete' ? <Link to={editPath(def, entry.recordId)}>{title}</Link> : <span>{title}</span>;
              return (
                <List.Item key={entry._id} style={{ display: 'block' }} data-testid="activity-entry">
                  <div style={{ marginBottom: 8 }}>
                    <EntryHead entry={entry} extra={<span>{def ? t(def.label) : entry.model}: {record}</span>} />
                  </div>
                  {def && <EntryChanges def={def} entry={entry} />}
                </List.Item>
              );
            }}
          />
          {data && (page > 1 || data.more) && (
            <Pagination
              style={{ marginTop: 16, textAlign: 'right' }}
              current={page}
              pageSize={LOG_PAGE_SIZE}
              // the count stops at the page read: one more page while more follow
              total={data.total + (data.more ? LOG_PAGE_SIZE - 1 : 0)}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </Spin>
      </Card>
    </>
  );
}
