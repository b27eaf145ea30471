import { useTranslate } from '@refinedev/core';
import { useParams } from 'react-router';
import { requireResource } from '../../definitions/screens';
import { ResourceEdit } from '../../generic/form/generic-edit-page';

/** Product edit at /company/merchant/{merchantId}/product/{productId}/edit; 'create' makes a new product of that merchant. */
export default function ProductEdit() {
  const t = useTranslate();
  const { merchantId = '', productId = 'create' } = useParams();
  const def = requireResource('product');
  const known = /^[0-9a-f]{24}$/.test(merchantId);
  return (
    <ResourceEdit
      key={`${merchantId}-${productId}`}
      def={def}
      id={productId}
      defaults={known ? { merchantRef: { merchantId } } : {}}
      backTo="/company/merchant/product"
      crumbs={[
        { label: t('Merchants'), to: '/company/merchant' },
        ...(known ? [{ label: t('Merchant'), to: `/company/merchant/${merchantId}/edit` }] : []),
        { label: t('Products'), to: '/company/merchant/product' },
        { label: productId === 'create' ? t('buttons.create') : t('buttons.edit') },
      ]}
    />
  );
}
