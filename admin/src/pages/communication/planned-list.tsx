import { StopOutlined } from '@ant-design/icons';
import { PLANNED_COMMUNICATION_TYPES, getPath } from '@backoffice/resources';
import { type BaseRecord, useInvalidate, useTranslate } from '@refinedev/core';
import { App, Button, Card, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { plainSelectionCell } from '../../components/row-checkbox';
import { formatUnix } from '../../definitions/format';
import { requireResource } from '../../definitions/screens';
import { ArchivedFilter } from '../../generic/list/list-filters';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { useAccess } from '../../generic/use-access';
import { recordAction } from '../../providers/data-provider';
import { RowButton } from '../../components/row-button';

type Args = [recipients?: unknown[], messages?: { subject?: { en?: string } | string }[]];
const argsOf = (record: BaseRecord) => (getPath(record, 'actionMethod.args') as Args | undefined) ?? [];
export const subjectOf = (record: BaseRecord) => {
  const subject = argsOf(record)[1]?.[0]?.subject;
  return (typeof subject === 'string' ? subject : subject?.en) || String(getPath(record, 'actionMethod.nameUnique') ?? '');
};
export const recipientCount = (record: BaseRecord) => argsOf(record)[0]?.length ?? 0;

/**
 * Planned communications (/company/communication/planned): scheduled mail, SMS and push still ahead, with
 * subject, date, type and recipient count; Cancel per row or for a selection archives the task.
 */
export default function PlannedList() {
  const t = useTranslate();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const def = requireResource('workerTask');
  const may = useAccess(def);
  const now = useMemo(() => Math.floor(Date.now() / 1000), []);
  const [selected, setSelected] = useState<BaseRecord[]>([]);
  const { tableProps, filters, applyFilters, sorters, setFilters, setSorters } = useResourceTable(def, {
    permanent: [
      { field: 'routine.active', operator: 'eq', value: true },
      { field: 'next', operator: 'gte', value: now },
    ],
  });
  const cancel = (records: BaseRecord[]) =>
    modal.confirm({
      title: t('Cancel planned communication'),
      content: t('Cancel {{count}} planned communication(s)? They will not be sent.', { count: records.length }),
      okText: t('Cancel communication'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-cancel' } as never,
      cancelText: t('Keep'),
      onOk: async () => {
        for (const record of records) await recordAction('workerTask', String(record._id ?? record.id), 'archive');
        setSelected([]);
        message.success(t('Cancelled'));
        await invalidate({ resource: 'workerTask', invalidates: ['list'] });
      },
    });
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    { key: 'subject', title: t('Subject'), render: (_, record) => <strong>{subjectOf(record)}</strong> },
    { key: 'next', title: t('Date'), render: (_, record) => formatUnix(record.next) },
    { key: 'type', title: t('Type'), render: (_, record) => t(PLANNED_COMMUNICATION_TYPES[getPath(record, 'actionMethod.nameCommon') as keyof typeof PLANNED_COMMUNICATION_TYPES] ?? '-') },
    { key: 'recipients', title: t('Recipients'), render: (_, record) => <span data-testid="recipient-count">{recipientCount(record)}</span> },
    {
      key: 'actions',
      title: t('table.actions'),
      render: (_, record) =>
        may.archive && (
          <RowButton danger onClick={() => cancel([record])} data-testid="cancel">
            {t('Cancel')}
          </RowButton>
        ),
    },
  ]);
  return (
    <>
      <PageHeader
        title={t('Planned communications')}
        crumbs={[{ label: t('Communication') }, { label: t('Planned communications') }]}
        extra={may.archive && <Button danger icon={<StopOutlined />} disabled={selected.length === 0} onClick={() => cancel(selected)} data-testid="batch-cancel">{t('Cancel')}{selected.length ? ` (${selected.length})` : ''}</Button>}
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <ArchivedFilter def={def} filters={filters} set={applyFilters} />
        </Space>
        <ListViewBar def={def} views={views} />
        <Table<BaseRecord>
          {...tableProps}
          rowKey={(record) => String(record._id ?? record.id)}
          size="middle"
          rowSelection={may.archive ? { selectedRowKeys: selected.map((record) => String(record._id ?? record.id)), onChange: (_, rows) => setSelected(rows), renderCell: plainSelectionCell } : undefined}
          {...views.tableProps}
        />
      </Card>
    </>
  );
}
