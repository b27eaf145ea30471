import { PlusOutlined } from '@ant-design/icons';
import { getPath, resolveField } from '@backoffice/resources';
import { getDefaultSortOrder } from '@refinedev/antd';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Button, Card, Table } from 'antd';
import { Link, useNavigate } from 'react-router';
import { Thumbnail } from '../../components/thumbnail';
import { PageHeader } from '../../components/page-header';
import { formatEuro, localized } from '../../definitions/format';
import { choiceLabel, requireResource } from '../../definitions/screens';
import { BatchMenu } from '../../generic/list/batch-menu';
import { ListFilters } from '../../generic/list/list-filters';
import { useRowActions } from '../../generic/list/row-actions';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { useAccess } from '../../generic/use-access';
import { RowTag } from '../../components/row-tag';

export const productEditPath = (record: BaseRecord) => `/company/merchant/${getPath(record, 'merchantRef.merchantId')}/product/${record._id ?? record.id}/edit`;

/** Product overview (spec part 1 section 2): products with their merchant's name and image. */
export default function ProductList() {
  const t = useTranslate();
  const navigate = useNavigate();
  const def = requireResource('product');
  const may = useAccess(def);
  const typeField = resolveField(def, 'type');
  const { tableProps, filters, sorters, applyFilters, setFilters, setSorters } = useResourceTable(def);
  const rowActions = useRowActions(def, { editTo: productEditPath });
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    {
      key: 'image',
      title: '',
      width: 56,
      render: (_, record) => {
        const id = getPath(record, 'image.profile') as string | undefined;
        return id ? <Thumbnail id={id} size={40} /> : <div style={{ width: 40, height: 40, background: '#f0f0f0', borderRadius: 6 }} />;
      },
    },
    {
      key: 'nameLocalized.full.en',
      title: t('Name'),
      sorter: true,
      sortOrder: getDefaultSortOrder('nameLocalized.full.en', sorters),
      render: (_, record) => <Link to={productEditPath(record)}>{localized(getPath(record, 'nameLocalized.full')) || '-'}</Link>,
    },
    {
      key: 'merchant',
      title: t('Merchant'),
      render: (_, record) => {
        const merchantId = getPath(record, 'merchantRef.merchantId') as string | undefined;
        const name = getPath(record, 'merchantRef.merchant.name.full') as string | undefined;
        return merchantId ? <Link to={`/company/merchant/${merchantId}/edit`}>{name ?? merchantId}</Link> : '-';
      },
    },
    { key: 'price.cents', title: t('Price'), sorter: true, sortOrder: getDefaultSortOrder('price.cents', sorters), render: (_, record) => formatEuro(getPath(record, 'price.cents')) },
    { key: 'type', title: t('Type'), render: (_, record) => (record.type ? <RowTag>{t(choiceLabel(typeField, record.type))}</RowTag> : null) },
    {
      key: 'actions',
      title: t('table.actions'),
      render: (_, record) => <span className="row-buttons">{rowActions(record)}</span>,
    },
  ]);
  return (
    <>
      <PageHeader
        title={t('Products')}
        crumbs={[{ label: t('Merchants'), to: '/company/merchant' }, { label: t('Products') }]}
        extra={
          <>
            <BatchMenu def={def} filters={filters} sorters={sorters} />
            {may.create && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/company/merchant/product/create/edit')}>{t('buttons.create')}</Button>}
          </>
        }
      />
      <Card>
        <ListFilters def={def} filters={filters} set={applyFilters} />
        <ListViewBar def={def} views={views} />
        <Table<BaseRecord>
          {...tableProps}
          rowKey={(record) => String(record._id ?? record.id)}
          size="middle"
          {...views.tableProps}
        />
      </Card>
    </>
  );
}
