import { access, companyRefField, defineResource, f, metaFields, refField, refList, stateFields } from '../define';

/** The twelve payment types of part 1 section 3, with the labels the finance screens show. */
export const PAYMENT_TYPE_LABELS = {
  paynl: 'Online',
  cash: 'Cash',
  pin: 'Pin',
  'pin-softpos': 'Pin (SoftPOS)',
  'pin-terminal-paynl': 'Pin terminal',
  import: 'Import',
  internal: 'Internal',
  'cash-non-refundable': 'Cash (non-refundable)',
  refund: 'Refund',
  'refund-cash': 'Refund (cash)',
  collection: 'Collection',
  'import-non-refundable': 'Import (non-refundable)',
} as const;
export const PAYMENT_TYPES = Object.keys(PAYMENT_TYPE_LABELS);

/**
 * Payment states. The spec names only 'completed' (the state refunds start from); the rest follow the payment
 * provider's life cycle: created (started, nothing paid), pending (waiting for the provider), completed (paid;
 * refundable while amountLeft is above 0), cancelled (stopped by the payer), expired (never finished in time),
 * refunded (fully paid back; partial refunds keep 'completed' with a lower amountLeft).
 */
export const PAYMENT_STATES = ['created', 'pending', 'completed', 'cancelled', 'expired', 'refunded'] as const;

/**
 * Payments are written in bulk (a refund bank file updates thousands of originals and adds as many refunds), so
 * only the state time and the user get an index of their own. Type, state and amounts are columns for the finance
 * sums and the partial indexes of 0002_finance; the refunded payment has a partial index (0005), as most
 * payments refund nothing.
 */
export const payment = defineResource({
  name: 'payment',
  label: 'Payment',
  labelPlural: 'Payments',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Name', import: { description: 'Description of the payment' } }),
    f.enum('paymentType', PAYMENT_TYPES, {
      label: 'Type', required: true, indexed: 'column', filterable: true, choiceLabels: PAYMENT_TYPE_LABELS,
      import: { description: 'Payment type', formatHint: 'import | import-non-refundable', required: true },
    }),
    ...stateFields(PAYMENT_STATES, { indexed: true, stateIdIndexed: 'column' }),
    f.money('amount.cents', { label: 'Amount', required: true, indexed: 'column', import: { description: 'Amount in cents', formatHint: '1000 for € 10.00', required: true } }),
    f.money('amountLeft.cents', { label: 'Amount not yet spent', min: 0, indexed: 'column', import: { description: 'Credit left in cents' } }),
    refField('userRef.userId', 'user', { label: 'User', required: true, indexed: true, filterable: true, import: { description: 'User id', required: true } }),
    companyRefField(),
    f.text('note', { label: 'Note', format: 'textarea', import: { description: 'Note' } }),
    f.openObject('meta.paynl', { label: 'Payment provider data', readRights: ['finance'], writeVia: 'endpoint', import: false }),
    // a refund paid by bank transfer: the account it goes to and, once in a refund bank file, the file and end-to-end id
    f.openObject('meta.bank', { label: 'Bank transfer', readRights: ['finance'], readOnly: true, import: false }),
    // a refund payment points at the payment it pays back; the original lists its refunds
    refField('refundOfRef.paymentId', 'payment', { label: 'Refund of', indexed: 'column', writeVia: 'endpoint' }),
    refList('refundRef', 'payment', { label: 'Refunds', writeVia: 'endpoint' }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['state.put.at.unix', 'name.full', 'paymentType', 'amount.cents', 'amountLeft.cents', 'state.id'],
    defaultSort: [{ field: 'state.put.at.unix', order: 'desc' }],
    // nothing a bulk-written table would need an index of its own for: no search, no filter by type or state
    searchable: [],
    filters: ['state.put.at.unix', 'userRef.userId'],
    maxPageSize: 99999,
    // the overview opens on a period's figures and its payments
    opening: false,
  },
  // finance admins read and write; import and export are company admin actions (part 1 section 6); never deleted
  access: access({ read: ['finance'], write: ['finance'], delete: [], archive: false, import: ['company'], export: ['company'], patch: [] }),
  archivable: false,
  // a copy would be credit nobody paid for (and, of a payment provider's payment, a second refund of one payment)
  duplicate: false,
  // money moves through refunds and syncs only: putting an amount or a state back would be credit out of nowhere
  restorable: false,
  screens: { route: '/company/finance/payment', menuGroup: 'Finance', generated: false },
});
