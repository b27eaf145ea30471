import { access, defineResource, f, metaFields, refField } from '../define';

/**
 * One accounting-invoice export: which merchant (none for all merchants) and period went to the accounting
 * system as which invoice, by whom (meta.createdAt says when). An export overlapping one of these asks first.
 */
export const invoiceExport = defineResource({
  name: 'invoiceExport',
  label: 'Invoice export',
  labelPlural: 'Invoice exports',
  scope: 'company',
  titlePath: 'invoice.reference',
  fields: [
    refField('merchantRef.merchantId', 'merchant', { label: 'Merchant', indexed: true, filterable: true }),
    f.unixTime('period.from', { label: 'From', required: true }),
    f.unixTime('period.to', { label: 'To', required: true }),
    f.text('invoice.id', { label: 'Accounting invoice id', required: true }),
    f.text('invoice.reference', { label: 'Reference' }),
    // a plain id: super admins export in other companies than their own, where no reference to them would hold
    f.text('exportedBy.userId', { label: 'Exported by' }),
    ...metaFields({ archived: false, createdIndexed: true }),
  ],
  list: {
    columns: ['merchantRef.merchantId', 'period.from', 'period.to', 'invoice.id', 'exportedBy.userId'],
    defaultSort: [{ field: 'meta.createdAt', order: 'desc' }],
    searchable: [],
    filters: ['merchantRef.merchantId'],
  },
  // the export is for super admins, and so is its record
  access: access({ read: [], write: [], archive: false, patch: [] }),
  archivable: false,
  // what the accounting system was sent stays as it was sent
  restorable: false,
});
