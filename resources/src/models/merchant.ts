import { access, defineResource, f, metaFields, nameFields } from '../define';

/** Product ids, or '' for a free slot (spec part 1 section 4: empty slots are removed, a full list gets a new one). */
const localizedLayout = (path: string, label: string, minSlots?: number) =>
  f.object(path, [
    f.localizedText('nameLocalized.full', { label: 'Tab name', max: 50 }),
    f.listOf('placement', 'text', {
      label: 'Product placement (product ids, empty for a free slot)',
      min: minSlots,
      pattern: '[0-9a-f]{24}',
      patternMessage: 'must be a product id',
    }),
  ], { label });

/**
 * A merchant (a bar, a shop) with its products and register layouts.
 * Banner: part 1 section 5 says ratio 1:1 while both sections 9 and part 2 section 5 say 851:235 or 12:5; we keep the latter.
 * The quick-create dialog only asks for nameLocalized.full.en; its endpoint copies it to the required name.full.
 */
export const merchant = defineResource({
  name: 'merchant',
  label: 'Merchant',
  labelPlural: 'Merchants',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    ...nameFields({ fullMax: 50, required: true, imports: true }),
    f.text('name.id', { label: 'Name id', import: { description: 'Short identifier' } }),
    f.image('image.banner', { label: 'Banner', image: { ratios: [[851, 235], [12, 5]], minWidth: 1024 } }),
    localizedLayout('productLayoutMobile.tab0', 'Mobile layout'),
    // "Tablet layout has at least 24 slots" (part 1 section 5)
    localizedLayout('productLayoutTablet.tab0', 'Tablet layout', 24),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'name.description', 'meta.archived'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.description'],
    filters: ['meta.archived'],
    views: ['card', 'table'],
    maxPageSize: 99999,
  },
  // merchant import is a company admin action, merchant patch super only (part 1 section 6)
  access: access({ read: ['merchant'], write: ['merchant'], import: ['company'], patch: [] }),
  thirdPartyModel: 'merchant',
  archivable: true,
  // the layouts place the original's products: the copy gets them pointing at its copied products (merchant-rules)
  duplicate: { clears: ['productLayoutMobile', 'productLayoutTablet'] },
  screens: {
    route: '/company/merchant',
    menuGroup: 'Merchants',
    icon: 'shop',
    generated: true,
    leaveGuard: true,
    deleteConfirm: 'A merchant can only be deleted if it has no products. Are you sure?',
  },
});
