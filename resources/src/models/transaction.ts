import { access, defineResource, f, metaFields, refField, refList, stateFields } from '../define';

/**
 * Transaction states. accepted, paid and completed count as accepted in totals (part 1 section 4); only 'paid'
 * can be edited, refunded or relinked (part 2 section 4). The others are ours: created (open order), pending
 * (waiting for a payment), cancelled, refunded and failed (the payment did not go through).
 */
export const TRANSACTION_STATES = ['created', 'pending', 'accepted', 'paid', 'completed', 'cancelled', 'refunded', 'failed'] as const;
export const ACCEPTED_TRANSACTION_STATES = ['accepted', 'paid', 'completed'] as const;

export const transaction = defineResource({
  name: 'transaction',
  label: 'Transaction',
  labelPlural: 'Transactions',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Name', searchable: true, sortable: true, indexed: true }),
    // the state's index is the composite below, which also orders a list sorted by state (sortIndexPaths)
    ...stateFields(TRANSACTION_STATES, { indexed: true, stateIdIndexed: 'column' }),
    f.money('amount.cents', { label: 'Price', required: true, indexed: true, sortable: true }),
    // one item per product sold; price.cents is the price charged, which may differ from the product's current price
    refList('productRef', 'product', { label: 'Products', itemFields: [f.money('price.cents', { label: 'Price charged' })] }),
    // emptied when the products are edited (part 2 section 2)
    refList('paymentRef', 'payment', { label: 'Payments' }),
    refField('merchantRef.merchantId', 'merchant', { label: 'Merchant', indexed: 'column', filterable: true }),
    refField('registerTerminalRef.registerTerminalId', 'registerTerminal', { label: 'Register terminal', indexed: 'column', filterable: true }),
    // multi-tickets are not a model of the spec: the id is kept as text
    f.text('eventMultiTicketRef.eventMultiTicketId', { label: 'Multi-ticket', pattern: '[0-9a-f]{24}', patternMessage: 'must be a 24-character id' }),
    // the spec reads eventGuest.userRef.user.email.value on a transaction: the guest it belongs to, populated at `eventGuest`
    refField('eventGuestRef.eventGuestId', 'eventGuest', { label: 'Event guest', populateAs: 'eventGuest' }),
    refField('userRef.userId', 'user', { label: 'User', indexed: true, filterable: true }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['state.put.at.unix', 'name.full', 'amount.cents', 'productRef', 'state.id'],
    defaultSort: [{ field: 'state.put.at.unix', order: 'desc' }],
    searchable: ['name.full'],
    filters: ['state.id', 'state.put.at.unix', 'merchantRef.merchantId', 'registerTerminalRef.registerTerminalId', 'userRef.userId'],
    maxPageSize: 99999,
    // the overview opens on a period's figures and its transactions
    opening: false,
  },
  access: access({ read: ['finance'], write: ['finance'], delete: [], archive: false, import: [], patch: [] }),
  archivable: false,
  // a copy would be a sale that never happened
  duplicate: false,
  // a sale's amounts and states are the register's and the refunds': putting them back would unbalance the books
  restorable: false,
  // the second covers the merchant live read and live register with index-only scans (merchant, time window, sold
  // states, amount, terminal). A merchant's or a terminal's sales sorted by name or price have indexes of their own:
  // names and prices follow the merchant, so walking the whole company's name index would read every other merchant's
  // sales before the first of these (0.5-0.9 s on 200 000 transactions)
  indexes: [
    ['state.id', 'state.put.at.unix'],
    ['merchantRef.merchantId', 'state.put.at.unix', 'state.id', 'amount.cents', 'registerTerminalRef.registerTerminalId'],
    ['merchantRef.merchantId', 'name.full'],
    ['merchantRef.merchantId', 'amount.cents'],
    ['registerTerminalRef.registerTerminalId', 'name.full'],
    ['registerTerminalRef.registerTerminalId', 'amount.cents'],
  ],
  screens: { route: '/company/finance/transaction', menuGroup: 'Finance', generated: false },
});
