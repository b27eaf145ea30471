import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { App, Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { Thumbnail } from '../../components/thumbnail';
import { useNavigate } from 'react-router';
import { formatEuro, localized } from '../../definitions/format';
import { choiceLabel, requireResource } from '../../definitions/screens';
import { useInPageTable } from '../../generic/list/use-in-page-table';
import { useRecordActions } from '../../generic/list/use-record-actions';
import { useAccess } from '../../generic/use-access';
import { withProductLimit } from './product-limit';

/** Products of the merchant page (spec: page limit 72). */
export const PRODUCT_PAGE_SIZE = 72;

export const productEditUrl = (merchantId: string, productId: string) => `/company/merchant/${merchantId}/product/${productId}/edit`;

/** The merchant's products with create, duplicate and delete; from 24 products on, creating asks first. */
export function ProductsTab({ merchantId }: { merchantId: string }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const def = requireResource('product');
  const may = useAccess(def);
  const actions = useRecordActions(def);
  const { tableProps } = useInPageTable<BaseRecord>({
    resource: 'product',
    pagination: { pageSize: PRODUCT_PAGE_SIZE, mode: 'server' },
    sorters: { initial: [{ field: 'nameLocalized.full.en', order: 'asc' }] },
    filters: { permanent: [{ field: 'merchantRef.merchantId', operator: 'eq', value: merchantId }] },
  });
  const total = Number(tableProps.pagination && tableProps.pagination.total) || 0;
  const idOf = (record: BaseRecord) => String(record._id ?? record.id);
  const create = () => withProductLimit(total, modal, t, () => navigate(productEditUrl(merchantId, 'create')));
  const duplicate = (record: BaseRecord) => withProductLimit(total, modal, t, () => void actions.duplicate(record));
  const typeField = def.fields.find((field) => field.path === 'type');
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid="product-count">{t('{{count}} products', { count: total })}</Typography.Text>
        {may.create && <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="product-create">{t('New product')}</Button>}
      </Flex>
      <Table<BaseRecord>
        {...tableProps}
        rowKey={idOf}
        size="small"
        data-testid="merchant-products"
        columns={[
          {
            key: 'image', width: 56, title: '',
            render: (_, record) => {
              const id = getPath(record, 'image.profile') as string | undefined;
              return id ? <Thumbnail id={id} size={36} /> : null;
            },
          },
          { key: 'name', title: t('Name'), render: (_, record) => <a onClick={() => navigate(productEditUrl(merchantId, idOf(record)))}>{localized(getPath(record, 'nameLocalized.full')) || '-'}</a> },
          { key: 'price', title: t('Price'), render: (_, record) => formatEuro(getPath(record, 'price.cents')) },
          { key: 'tax', title: t('Tax percentage'), render: (_, record) => (typeof record.taxPercentage === 'number' ? `${Math.round(record.taxPercentage * 100)}%` : '') },
          { key: 'type', title: t('Type'), render: (_, record) => (record.type ? <Tag>{t(choiceLabel(typeField, record.type))}</Tag> : null) },
          {
            key: 'actions', title: t('table.actions'),
            render: (_, record) => (
              <Space size={4}>
                {may.update && <Button size="small" icon={<EditOutlined />} onClick={() => navigate(productEditUrl(merchantId, idOf(record)))}>{t('buttons.edit')}</Button>}
                {may.create && <Button size="small" icon={<CopyOutlined />} onClick={() => duplicate(record)} aria-label={t('Duplicate')}>{t('Duplicate')}</Button>}
                {may.remove && <Button size="small" danger icon={<DeleteOutlined />} onClick={() => actions.remove(record)} aria-label={t('buttons.delete')} />}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
