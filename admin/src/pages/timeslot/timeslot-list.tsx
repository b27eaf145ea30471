import { getPath } from '@backoffice/resources';
import { getDefaultSortOrder } from '@refinedev/antd';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Card } from 'antd';
import { PageHeader } from '../../components/page-header';
import { formatUnix } from '../../definitions/format';
import { requireResource } from '../../definitions/screens';
import { BatchMenu } from '../../generic/list/batch-menu';
import { ListFilters } from '../../generic/list/list-filters';
import { useRowActions } from '../../generic/list/row-actions';
import { SelectableTable } from '../../generic/list/selectable-table';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { RowTag } from '../../components/row-tag';

/** Guests / capacity, e.g. '12 / 40'. */
export function guestsOf(record: BaseRecord): string {
  const guests = Array.isArray(record.eventGuestRef) ? record.eventGuestRef.length : 0;
  const capacity = getPath(record, 'count.number');
  return `${guests} / ${typeof capacity === 'number' ? capacity : '-'}`;
}

const editTo = (record: BaseRecord) => `/company/event/${getPath(record, 'eventRef.eventId')}/module-timeslot/${record._id ?? record.id}/edit`;

/** Timeslot overview (spec part 2 section 2): delete is disabled for kind 'mux' and refused by the API when guests exist. */
export default function TimeslotList() {
  const t = useTranslate();
  const def = requireResource('timeslot');
  const { tableProps, filters, sorters, applyFilters, setFilters, setSorters } = useResourceTable(def);
  const rowActions = useRowActions(def, { editTo, duplicate: false, deleteDisabled: (row) => row.kind === 'mux' });
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    { key: 'event', title: t('Event'), render: (_, record) => String(getPath(record, 'eventRef.event.name.full') ?? '-') },
    {
      key: 'name.full',
      dataIndex: ['name', 'full'],
      title: t('Timeslot'),
      sorter: true,
      sortOrder: getDefaultSortOrder('name.full', sorters),
      render: (value, record) => (
        <>
          <span>{String(value ?? '')}</span> {record.kind ? <RowTag>{String(record.kind)}</RowTag> : null}
          {getPath(record, 'meta.archived') === true && <RowTag>{t('Archived')}</RowTag>}
        </>
      ),
    },
    { key: 'start.unix', dataIndex: ['start', 'unix'], title: t('Start'), sorter: true, sortOrder: getDefaultSortOrder('start.unix', sorters), render: (value) => formatUnix(value) },
    { key: 'end.unix', dataIndex: ['end', 'unix'], title: t('End'), sorter: true, sortOrder: getDefaultSortOrder('end.unix', sorters), render: (value) => formatUnix(value) },
    { key: 'guests', title: t('Guests'), render: (_, record) => <span data-testid="guests">{guestsOf(record)}</span> },
    {
      key: 'actions',
      title: t('table.actions'),
      render: (_, record) => rowActions(record),
    },
  ]);
  return (
    <>
      <PageHeader title={t('Timeslots')} crumbs={[{ label: t('Events') }, { label: t('Timeslots') }]} extra={<BatchMenu def={def} filters={filters} sorters={sorters} />} />
      <Card>
        <ListFilters def={def} filters={filters} set={applyFilters} />
        <ListViewBar def={def} views={views} />
        <SelectableTable
          def={def}
          {...tableProps}
          {...views.tableProps}
        />
      </Card>
    </>
  );
}
