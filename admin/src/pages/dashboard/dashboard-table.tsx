import { useTranslate } from '@refinedev/core';
import { Button, Input, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { localized } from '../../definitions/format';
import type { DashboardTab } from './dashboard-api';
import { editPath } from './dashboard-routes';

type Row = DashboardTab['records'][number];

const nameOf = (row: Row) => row.name?.full ?? localized(row.nameLocalized?.full) ?? '';

/** One dashboard table: searchable, sorted by name ascending, no page-size selector; actions by model. */
export function DashboardTable({ tab, onBlocksEditor }: { tab: DashboardTab; onBlocksEditor?: (pageId: string) => void }) {
  const t = useTranslate();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return tab.records.filter((row) => !needle || nameOf(row).toLowerCase().includes(needle)).sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  }, [tab.records, search]);
  const actions = (row: Row) => {
    if (tab.model === 'merchant') return <Link to={`/company/merchant/${row._id}/live`}>{t('Live')}</Link>;
    return (
      <Space>
        <Link to={editPath(tab, row._id)}>{t('buttons.edit')}</Link>
        {tab.model === 'page' && onBlocksEditor && <Button size="small" onClick={() => onBlocksEditor(row._id)}>{t('Go to blocks editor')}</Button>}
      </Space>
    );
  };
  return (
    <>
      <Input.Search allowClear placeholder={t('Search')} aria-label={t('Search')} value={search} onChange={(event) => setSearch(event.target.value)} style={{ maxWidth: 320, marginBottom: 12 }} />
      <Table<Row>
        rowKey="_id"
        size="middle"
        dataSource={rows}
        pagination={{ pageSize: 25, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { key: 'name', title: t('Name'), render: (_, row) => nameOf(row) },
          { key: 'actions', title: t('table.actions'), width: 260, render: (_, row) => actions(row) },
        ]}
      />
    </>
  );
}
