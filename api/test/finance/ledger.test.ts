import { findResource } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import { auditDiff } from '../../src/audit/audit-diff';
import { createChanges } from '../../src/finance/finance-ledger';

describe('audit entries of bulk creates', () => {
  it('are the ones the audit log writes for a single create', () => {
    const refund = {
      name: { full: 'Refund € 12.34' },
      paymentType: 'refund',
      state: { id: 'completed', put: { at: { unix: 1, date: 'x' }, by: 'u' } },
      stateHistory: [{ id: 'completed', put: { at: { unix: 1, date: 'x' } } }],
      amount: { cents: -1234 },
      amountLeft: { cents: 0 },
      note: null,
      meta: { createdAt: 1, bank: { iban: 'NL91ABNA0417164300', empty: {} } },
    };
    expect(createChanges(findResource('payment')!, refund)).toEqual(auditDiff(findResource('payment')!, null, refund));
    const user = { email: { value: 'a@b.test' }, security: { password: { value: '$argon2id$x' } } };
    expect(createChanges(findResource('user')!, user)).toEqual(auditDiff(findResource('user')!, null, user));
  });
});
