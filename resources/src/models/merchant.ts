import { access, defineResource, f, metaFields, nameFields } from '../define';

const localizedLayout = (path: string, label: string, minSlots?: number) =>
  f.object(path, [
    f.localizedText('nameLocalized.full', { label: 'Tab name', max: 50 }),
    f.listOf('placement', 'text', { label: 'Product placement (product ids, empty for a free slot)', min: minSlots }),
  ], { label });

export const merchant = defineResource({
  name: 'merchant',
  label: 'Merchant',
  labelPlural: 'Merchants',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    ...nameFields({ fullMax: 50, required: true }),
    f.text('name.id', { label: 'Name id', pattern: '[a-z0-9-]*', patternMessage: 'may only hold lowercase letters, digits and hyphens' }),
    f.image('image.banner', { label: 'Banner', image: { ratios: [[851, 235], [12, 5]], minWidth: 1024 } }),
    localizedLayout('productLayoutMobile.tab0', 'Mobile layout'),
    localizedLayout('productLayoutTablet.tab0', 'Tablet layout', 24),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'name.description', 'meta.archived'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.description'],
    filters: ['meta.archived'],
    views: ['card', 'table'],
    maxPageSize: 5000,
  },
  access: access({ read: ['merchant'], write: ['merchant'], patch: [] }),
  thirdPartyModel: 'merchant',
  archivable: true,
  screens: { route: '/company/merchant', menuGroup: 'Merchants', icon: 'shop', generated: true, leaveGuard: true, deleteConfirm: 'A merchant can only be deleted if it has no products. Are you sure?' },
});
