import { access, defineResource, f, metaFields, refField } from '../define';

export const PRODUCT_TYPES = ['locker-company-locker', 'drink', 'others'] as const;

const atLeastZero = (path: string, label: string, formatHint?: string) =>
  f.number(path, { label, min: 0, import: { description: label, formatHint } });

/**
 * A product of a merchant. The name lives in nameLocalized.full (English required) and the description in
 * nameLocalized.description: the spec writes `nameLocalized.full.en` and "description" for the same form.
 * Percentages are fractions in steps of 0.01 (the form offers 0% to 100%, alcohol 0% to 39%).
 */
export const product = defineResource({
  name: 'product',
  label: 'Product',
  labelPlural: 'Products',
  scope: 'company',
  titlePath: 'nameLocalized.full.en',
  fields: [
    f.localizedText('nameLocalized.full', {
      label: 'Name', required: true, max: 50, searchable: true,
      import: { description: 'Name per language', formatHint: '{"en":"Beer","nl":"Bier"}', required: true },
    }),
    f.localizedText('nameLocalized.description', {
      label: 'Description', max: 500, format: 'textarea',
      import: { description: 'Description per language', formatHint: '{"en":"…","nl":"…"}' },
    }),
    f.money('price.cents', { label: 'Price', min: 0, indexed: true, sortable: true, import: { description: 'Price in cents', formatHint: '250 for € 2.50', required: true } }),
    f.number('taxPercentage', { label: 'Tax percentage', min: 0, max: 1, step: 0.01, import: { description: 'Tax as a fraction', formatHint: '0.09 for 9%' } }),
    f.enum('type', PRODUCT_TYPES, {
      label: 'Type', required: true, indexed: true, filterable: true,
      choiceLabels: { 'locker-company-locker': 'Locker (Locker Company)', drink: 'Drink', others: 'Others' },
      import: { description: 'Product type', formatHint: PRODUCT_TYPES.join(' | '), required: true },
    }),
    f.number('content.alcohol', { label: 'Alcohol', min: 0, max: 0.39, step: 0.01, import: { description: 'Alcohol as a fraction', formatHint: '0.05 for 5%' } }),
    atLeastZero('content.servings', 'Servings'),
    f.integer('content.cups', {
      label: 'Cups', min: 1, help: 'The number of cups in a transaction should be positive',
      import: { description: 'Cups', formatHint: 'whole number, at least 1' },
    }),
    atLeastZero('content.calories', 'Calories', 'kcal'),
    atLeastZero('content.volume', 'Volume', 'ml'),
    atLeastZero('content.weight', 'Weight', 'g'),
    f.number('content.co2', { label: 'CO2', import: { description: 'CO2' } }),
    // Locker Company fields: the event must be linked to the company ('This Locker Company event is not linked to your company');
    // that needs the Locker Company API, so the product service checks it, not this definition.
    f.text('content.lockerCompanyEventId', { label: 'Locker Company event' }),
    f.text('content.lockerCompanySizeId', { label: 'Locker Company size' }),
    f.text('content.lockerCompanyPeriodId', { label: 'Locker Company period' }),
    refField('merchantRef.merchantId', 'merchant', {
      label: 'Merchant', required: true, indexed: true, filterable: true,
      import: { description: 'Merchant id', requiredButInBase: true },
    }),
    f.image('image.profile', { label: 'Image', image: { ratios: [[1, 1]], minWidth: 512 } }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['image.profile', 'nameLocalized.full.en', 'merchantRef.merchantId', 'price.cents', 'type'],
    defaultSort: [{ field: 'nameLocalized.full.en', order: 'asc' }],
    searchable: ['nameLocalized.full.en', 'nameLocalized.description.en'],
    filters: ['merchantRef.merchantId', 'type'],
    maxPageSize: 99999,
  },
  // the default sort: an index on the English name in the document (it is no column)
  indexes: [['nameLocalized.full.en']],
  // product patch is super only (part 1 section 6)
  access: access({ read: ['merchant'], write: ['merchant'], archive: false, patch: [] }),
  archivable: false,
  screens: { route: '/company/merchant/product', menuGroup: 'Merchants', generated: true, leaveGuard: true },
});
