/**
 * The singular of texts with a count (`t('Import {{count}} records', { count })`): used when the count is 1, under the
 * key with '|one' after it, in English and in Dutch.
 */
export const singularEn: Record<string, string> = {
  'Added {{count}} rights|one': 'Added {{count}} right',
  'Are you sure you want to archive {{count}} items?|one': 'Are you sure you want to archive {{count}} item?',
  'Are you sure you want to unarchive {{count}} items?|one': 'Are you sure you want to unarchive {{count}} item?',
  'Ended {{count}} sessions|one': 'Ended {{count}} session',
  'Import {{count}} records|one': 'Import {{count}} record',
  'Update {{count}} records|one': 'Update {{count}} record',
  '{{count}} records imported|one': '{{count}} record imported',
  '{{count}} records updated|one': '{{count}} record updated',
  '{{count}} records, {{fields}} fields|one': '{{count}} record, {{fields}} fields',
  '{{count}} rows are ready to be imported.|one': '{{count}} row is ready to be imported.',
  '{{count}} items|one': '{{count}} item',
  '{{count}} products|one': '{{count}} product',
  '{{count}} transactions|one': '{{count}} transaction',
  '{{count}} recipients|one': '{{count}} recipient',
  '{{count}} recipients need a decision|one': '{{count}} recipient needs a decision',
  'The {{count}} payments this filter shows are refunded in a SEPA bank file where they can be refunded by bank account. Continue?|one':
    'The {{count}} payment this filter shows is refunded in a SEPA bank file where it can be refunded by bank account. Continue?',
  'This runs for every person with one of the {{count}} payments this filter shows, one after the other; it can be cancelled. Continue?|one':
    'This runs for the person of the {{count}} payment this filter shows; it can be cancelled. Continue?',
  'Mark all {{count}} as sent?|one': 'Mark {{count}} as sent?',
  'more than {{count}} records, {{fields}} fields|one': 'more than {{count}} record, {{fields}} fields',
};
