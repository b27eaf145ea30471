import { AppstoreOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Button, Card, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { createPath, pluralLabel, requireResource } from '../../definitions/screens';
import { useAccess } from '../use-access';
import { BatchMenu } from './batch-menu';
import { buildColumns } from './columns';
import { CardGrid } from './card-grid';
import { ListFilters } from './list-filters';
import { useRowActions } from './row-actions';
import { SelectableTable } from './selectable-table';
import { useResourceTable } from './use-resource-table';
import { ListViewBar } from '../views/list-view-bar';
import { useListViews } from '../views/use-list-views';

type View = 'table' | 'card';

function useView(def: ResourceDef): [View, (view: View) => void] {
  const views = def.list.views ?? ['table'];
  const key = `backoffice.view.${def.name}`;
  const [view, setView] = useState<View>(() => {
    const stored = localStorage.getItem(key) as View | null;
    return stored && views.includes(stored) ? stored : views[0];
  });
  return [view, (next) => { localStorage.setItem(key, next); setView(next); }];
}

/** The generated list screen of a definition. */
export function ResourceList({ def }: { def: ResourceDef }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const may = useAccess(def);
  const [view, setView] = useView(def);
  const { tableProps, filters, sorters, applyFilters, setFilters, setSorters } = useResourceTable(def);
  const rowActions = useRowActions(def);
  const columns = useMemo(() => buildColumns(def, sorters, t, may.update), [def, sorters, t, may.update]);
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    ...columns,
    { key: 'actions', title: t('table.actions'), width: 130, render: (_, record) => rowActions(record) },
  ]);
  const records = (tableProps.dataSource ?? []) as BaseRecord[];
  const plural = t(pluralLabel(def));
  return (
    <>
      <PageHeader
        title={plural}
        crumbs={[{ label: plural }]}
        extra={
          <>
            {(def.list.views?.length ?? 0) > 1 && (
              <Segmented
                value={view}
                onChange={(value) => setView(value as View)}
                options={[
                  { value: 'table', icon: <TableOutlined />, title: t('Table') },
                  { value: 'card', icon: <AppstoreOutlined />, title: t('Cards') },
                ]}
              />
            )}
            <BatchMenu def={def} filters={filters} sorters={sorters} />
            {may.create && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath(def))}>
                {t('buttons.create')}
              </Button>
            )}
          </>
        }
      />
      <Card>
        <ListFilters def={def} filters={filters} set={applyFilters} />
        <ListViewBar def={def} views={views} />
        {view === 'card' ? (
          <CardGrid def={def} records={records} loading={!!tableProps.loading} pagination={tableProps.pagination} />
        ) : (
          <SelectableTable def={def} {...tableProps} {...views.tableProps} />
        )}
      </Card>
    </>
  );
}

export default function GenericListPage({ model }: { model: string }) {
  return <ResourceList def={requireResource(model)} />;
}
