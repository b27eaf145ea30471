/** The Dutch singulars of texts with a count (plurals.ts), in the Dutch dictionary's chunk. */
export const singularNl: Record<string, string> = {
  'Added {{count}} rights|one': '{{count}} recht toegevoegd',
  'Are you sure you want to archive {{count}} items?|one': 'Weet je zeker dat je {{count}} item wilt archiveren?',
  'Are you sure you want to unarchive {{count}} items?|one': 'Weet je zeker dat je {{count}} item wilt dearchiveren?',
  'Ended {{count}} sessions|one': '{{count}} sessie beëindigd',
  'Import {{count}} records|one': '{{count}} record importeren',
  'Update {{count}} records|one': '{{count}} record bijwerken',
  '{{count}} records imported|one': '{{count}} record geïmporteerd',
  '{{count}} records updated|one': '{{count}} record bijgewerkt',
  '{{count}} records, {{fields}} fields|one': '{{count}} record, {{fields}} velden',
  '{{count}} rows are ready to be imported.|one': '{{count}} rij staat klaar om te importeren.',
  '{{count}} items|one': '{{count}} item',
  '{{count}} products|one': '{{count}} product',
  '{{count}} transactions|one': '{{count}} transactie',
  '{{count}} recipients|one': '{{count}} ontvanger',
  '{{count}} recipients need a decision|one': '{{count}} ontvanger wacht op een beslissing',
  'The {{count}} payments this filter shows are refunded in a SEPA bank file where they can be refunded by bank account. Continue?|one':
    'De {{count}} betaling die dit filter toont wordt terugbetaald in een SEPA-bankbestand, waar die via een bankrekening terugbetaald kan worden. Doorgaan?',
  'This runs for every person with one of the {{count}} payments this filter shows, one after the other; it can be cancelled. Continue?|one':
    'Dit loopt voor de persoon van de {{count}} betaling die dit filter toont; het kan worden gestopt. Doorgaan?',
  'Mark all {{count}} as sent?|one': '{{count}} markeren als verstuurd?',
  'more than {{count}} records, {{fields}} fields|one': 'meer dan {{count}} record, {{fields}} velden',
};
