import { describe, expect, it } from 'vitest';
import { resolveField } from '../src/field-index';
import { indexServes } from '../src/list-indexes';
import { PAYMENT_STATES, PAYMENT_TYPES } from '../src/models/payment';
import { ACCEPTED_TRANSACTION_STATES } from '../src/models/transaction';
import { def, expectAccepted, expectRefused } from './helpers';
import { id } from './fixtures';

describe('payment rules', () => {
  it('knows exactly the twelve payment types of part 1 section 3', () => {
    expect(PAYMENT_TYPES).toEqual([
      'paynl', 'cash', 'pin', 'pin-softpos', 'pin-terminal-paynl', 'import', 'internal', 'cash-non-refundable', 'refund', 'refund-cash',
      'collection', 'import-non-refundable',
    ]);
    for (const type of PAYMENT_TYPES) expectAccepted('payment', 'paymentType', type);
    expectRefused('payment', 'paymentType', 'bitcoin', 'must be one of');
    expectRefused('payment', 'paymentType', undefined, 'is required');
  });

  it('has a completed state among its states, in the state and its history', () => {
    expect(PAYMENT_STATES).toContain('completed');
    expectRefused('payment', 'state.id', 'done', 'must be one of');
    expectRefused('payment', 'stateHistory', [{ id: 'done', put: { at: { unix: 1 } } }], 'must be one of', 'stateHistory.0.id');
  });

  it('keeps amounts and leftover credit in whole cents, leftover never negative', () => {
    expectRefused('payment', 'amount.cents', 10.5, 'whole number');
    expectRefused('payment', 'amount.cents', undefined, 'is required');
    expectAccepted('payment', 'amountLeft.cents', 0);
    expectRefused('payment', 'amountLeft.cents', -1, 'at least 0');
  });

  it('keeps provider metadata open, for finance only', () => {
    expectAccepted('payment', 'meta.paynl', { links: { any: 'thing' }, nested: [1, 2] });
    expect(resolveField(def('payment'), 'meta.paynl')?.readRights).toEqual(['finance']);
  });

  it('links refunds both ways', () => {
    expectAccepted('payment', 'refundOfRef.paymentId', id(9));
    expectRefused('payment', 'refundRef', [{ paymentId: 'x' }], '24-character id', 'refundRef.0.paymentId');
  });

  it('refuses unknown money neighbours but accepts the euro the API shows', () => {
    expectAccepted('payment', 'amount.euro', 20);
    expectRefused('payment', 'amount.dollar', 20, 'is not a field');
  });
});

describe('transaction rules', () => {
  it('counts accepted, paid and completed as accepted', () => {
    expect(ACCEPTED_TRANSACTION_STATES).toEqual(['accepted', 'paid', 'completed']);
    for (const state of ACCEPTED_TRANSACTION_STATES) expectAccepted('transaction', 'state.id', state);
    expectRefused('transaction', 'state.id', 'sold', 'must be one of');
  });

  it('lists products by id, each with the price charged in cents', () => {
    expectRefused('transaction', 'productRef', [{ price: { cents: 100 } }], 'is required', 'productRef.0.productId');
    expectRefused('transaction', 'productRef', [{ productId: id(5), price: { cents: 1.5 } }], 'whole number', 'productRef.0.price.cents');
    expectAccepted('transaction', 'paymentRef', []);
  });

  it('references merchant, register terminal, multi-ticket and user', () => {
    const transaction = def('transaction');
    expect(resolveField(transaction, 'merchantRef.merchantId')?.ref).toEqual({ resource: 'merchant', populateAs: 'merchantRef.merchant' });
    expect(resolveField(transaction, 'registerTerminalRef.registerTerminalId')?.ref?.resource).toBe('registerTerminal');
    expect(resolveField(transaction, 'userRef.userId')?.ref?.populateAs).toBe('userRef.user');
    expectRefused('transaction', 'eventMultiTicketRef.eventMultiTicketId', 'ticket-1', '24-character id');
  });

  it('indexes what the finance screens filter, sort and sum on', () => {
    const transaction = def('transaction');
    for (const path of ['state.id', 'state.put.at.unix', 'amount.cents', 'merchantRef.merchantId', 'registerTerminalRef.registerTerminalId', 'userRef.userId']) {
      expect(indexServes(transaction, path, 'order'), path).toBe(true);
    }
    // a merchant's and a terminal's sales by name and by price: indexes that lead with the merchant or terminal
    for (const filter of ['merchantRef.merchantId', 'registerTerminalRef.registerTerminalId']) {
      for (const sort of ['name.full', 'amount.cents']) expect(transaction.indexes, `${filter} by ${sort}`).toContainEqual([filter, sort]);
    }
    // payments are written in bulk: an index of their own only for the state time and the user
    for (const path of ['state.put.at.unix', 'userRef.userId']) expect(resolveField(def('payment'), path)?.indexed, path).toBe(true);
    for (const path of ['paymentType', 'state.id', 'amount.cents', 'amountLeft.cents', 'refundOfRef.paymentId']) {
      expect(resolveField(def('payment'), path)?.indexed, path).toBe('column');
    }
  });
});
