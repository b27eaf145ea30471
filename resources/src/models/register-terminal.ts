import { access, defineResource, f, metaFields, refField } from '../define';

/** A register terminal of a merchant; transactions name it in registerTerminalRef for the live register chart. */
export const registerTerminal = defineResource({
  name: 'registerTerminal',
  label: 'Register terminal',
  labelPlural: 'Register terminals',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Name', required: true, max: 50, searchable: true, sortable: true, indexed: true }),
    refField('merchantRef.merchantId', 'merchant', { label: 'Merchant', required: true, indexed: true, filterable: true }),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'merchantRef.merchantId'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full'],
    filters: ['merchantRef.merchantId', 'meta.archived'],
  },
  access: access({ read: ['merchant'], write: ['merchant'], patch: [] }),
  archivable: true,
});
