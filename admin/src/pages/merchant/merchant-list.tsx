import { AppstoreOutlined, LineChartOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { getDefaultSortOrder } from '@refinedev/antd';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Button, Card, Col, Empty, Pagination, Row, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { imageUrl } from '../../definitions/format';
import { requireResource } from '../../definitions/screens';
import { BatchMenu } from '../../generic/list/batch-menu';
import { ListFilters } from '../../generic/list/list-filters';
import { SelectableTable } from '../../generic/list/selectable-table';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { useAccess } from '../../generic/use-access';
import { useMerchantActions } from './merchant-actions';
import { MerchantCreateDialog } from './merchant-create-dialog';
import { RowTag } from '../../components/row-tag';

type View = 'card' | 'table';
const VIEW_KEY = 'backoffice.view.merchant';

/** Merchant overview (spec part 1 section 2): cards by default or a table, quick create, per-merchant actions. */
export default function MerchantList() {
  const t = useTranslate();
  const navigate = useNavigate();
  const def = requireResource('merchant');
  const may = useAccess(def);
  const [view, setViewState] = useState<View>(() => (localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'card'));
  const setView = (next: View) => (localStorage.setItem(VIEW_KEY, next), setViewState(next));
  const [creating, setCreating] = useState(false);
  const { tableProps, filters, sorters, applyFilters, setFilters, setSorters } = useResourceTable(def);
  const merchantActions = useMerchantActions();
  const records = (tableProps.dataSource ?? []) as BaseRecord[];
  const idOf = (record: BaseRecord) => String(record._id ?? record.id);
  const name = (record: BaseRecord) => String(getPath(record, 'name.full') ?? idOf(record));
  const archivedTag = (record: BaseRecord) => (getPath(record, 'meta.archived') === true ? <RowTag>{t('Archived')}</RowTag> : null);
  const pagination = tableProps.pagination;
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    { key: 'name.full', title: t('Name'), sorter: true, sortOrder: getDefaultSortOrder('name.full', sorters), render: (_, record) => <Link to={`/company/merchant/${idOf(record)}/edit`}>{name(record)}</Link> },
    { key: 'name.description', title: t('Description'), render: (_, record) => String(getPath(record, 'name.description') ?? '') },
    { key: 'meta.archived', title: t('Archived'), render: (_, record) => archivedTag(record) },
    { key: 'actions', title: t('table.actions'), render: (_, record) => merchantActions(record) },
  ]);
  return (
    <>
      <PageHeader
        title={t('Merchants')}
        crumbs={[{ label: t('Merchants') }]}
        extra={
          <>
            <Segmented<View>
              value={view}
              onChange={setView}
              options={[{ value: 'card', icon: <AppstoreOutlined />, title: t('Cards') }, { value: 'table', icon: <TableOutlined />, title: t('Table') }]}
            />
            {may.read && <Button icon={<LineChartOutlined />} onClick={() => navigate('/company/merchant/all/live')}>{t('All merchants')}</Button>}
            <BatchMenu def={def} filters={filters} sorters={sorters} />
            {may.create && <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>{t('buttons.create')}</Button>}
          </>
        }
      />
      <Card>
        <ListFilters def={def} filters={filters} set={applyFilters} />
        <ListViewBar def={def} views={views} />
        {view === 'table' ? (
          <SelectableTable
            def={def}
            {...tableProps}
            {...views.tableProps}
          />
        ) : (
          <Spin spinning={!!tableProps.loading}>
            {records.length === 0 && !tableProps.loading ? <Empty /> : (
              <Row gutter={[16, 16]}>
                {records.map((record) => {
                  const banner = getPath(record, 'image.banner') as string | undefined;
                  return (
                    <Col key={idOf(record)} className="card-cell" xs={24} sm={12} lg={8} xxl={6}>
                      <Card
                        data-testid="merchant-card"
                        size="small"
                        cover={banner ? <img alt="" src={imageUrl(banner, 256)} style={{ height: 120, objectFit: 'cover' }} /> : <div style={{ height: 120, background: 'linear-gradient(135deg, #1f6feb22, #1f6feb55)' }} />}
                        title={<Link to={`/company/merchant/${idOf(record)}/edit`}>{name(record)}</Link>}
                        extra={archivedTag(record)}
                      >
                        <p className="card-description">{String(getPath(record, 'name.description') ?? '')}</p>
                        {merchantActions(record)}
                      </Card>
                    </Col>
                  );
                })}
              </Row>
            )}
            {pagination && (
              <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={pagination.current} pageSize={pagination.pageSize} total={pagination.total} onChange={(page, size) => pagination.onChange?.(page, size)} />
            )}
          </Spin>
        )}
      </Card>
      <MerchantCreateDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
