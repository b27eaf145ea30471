import { DeleteOutlined } from '@ant-design/icons';
import { useNotification, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSelectSearch } from '../../generic/form/select-search';
import { formatEuro } from '../../definitions/format';
import { type ProductChoice, type TransactionRow, financeApi, messageOf } from './finance-api';

interface Item {
  productId: string;
  name: string;
  cents: number;
}

/**
 * The transaction product editor (spec part 2 section 2): change the products of a paid transaction; on save
 * the API makes the amount the sum of the product prices and empties the payment links.
 */
/** A transaction the editor can open: the finance list's rows, or a record whose products are populated. */
export type EditableTransaction = Pick<TransactionRow, '_id'> & {
  products?: TransactionRow['products'];
  productRef?: { productId: string; price?: { cents?: number }; product?: { nameLocalized?: { full?: { en?: string } } } }[];
};

export function TransactionProductEditor({ transaction, onClose, onSaved }: { transaction: EditableTransaction | null; onClose(): void; onSaved(): void }) {
  const t = useTranslate();
  const { open } = useNotification();
  const [items, setItems] = useState<Item[]>([]);
  const { serverText: search, selectProps: searchProps } = useSelectSearch();
  const [saving, setSaving] = useState(false);
  const choices = useQuery({ queryKey: ['finance-product-choices', search], queryFn: () => financeApi.productChoices(search), enabled: !!transaction });

  useEffect(() => {
    if (!transaction) return;
    const names = new Map((transaction.products ?? []).map((product) => [product.productId, product.name ?? product.productId]));
    setItems((transaction.productRef ?? []).map((item) => ({ productId: item.productId, name: names.get(item.productId) ?? item.product?.nameLocalized?.full?.en ?? item.productId, cents: item.price?.cents ?? 0 })));
  }, [transaction]);

  const add = (choice: ProductChoice) => setItems((current) => [...current, { productId: choice._id, name: choice.name ?? choice._id, cents: choice.price.cents }]);
  const total = items.reduce((sum, item) => sum + item.cents, 0);
  return (
    <Modal
      open={!!transaction}
      title={t('Edit products')}
      onCancel={onClose}
      okText={t('buttons.save')}
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'save-products' } as Record<string, string>) }}
      destroyOnHidden
      onOk={async () => {
        if (!transaction) return;
        setSaving(true);
        try {
          await financeApi.setProducts(transaction._id, items.map((item) => item.productId));
          open?.({ type: 'success', message: t('Successfully saved') });
          onSaved();
        } catch (error) {
          open?.({ type: 'error', message: t('Error while saving'), description: messageOf(error, '') });
        } finally {
          setSaving(false);
        }
      }}
    >
      <List
        data-testid="product-items"
        size="small"
        bordered
        dataSource={items}
        locale={{ emptyText: t('No products') }}
        renderItem={(item, index) => (
          <List.Item actions={[<Button key="remove" size="small" danger icon={<DeleteOutlined />} aria-label={t('Remove')} onClick={() => setItems((current) => current.filter((_, at) => at !== index))} />]}>
            <Space>
              <Typography.Text>{item.name}</Typography.Text>
              <Typography.Text type="secondary">{formatEuro(item.cents)}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      <Select<string>
        data-testid="add-product"
        showSearch
        {...searchProps}
        value={null as unknown as string}
        placeholder={t('Add a product')}
        style={{ width: '100%', marginTop: 12 }}
        loading={choices.isLoading}
        options={(choices.data ?? []).map((choice) => ({ value: choice._id, label: `${choice.name ?? choice._id} (${formatEuro(choice.price.cents)})` }))}
        onChange={(id) => {
          const choice = choices.data?.find((candidate) => candidate._id === id);
          if (choice) add(choice);
        }}
      />
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="products-total">
        {t('New amount')}: <strong>{formatEuro(total)}</strong>
      </Typography.Paragraph>
    </Modal>
  );
}
