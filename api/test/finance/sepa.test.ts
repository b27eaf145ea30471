import { describe, expect, it } from 'vitest';
import { isValidIban, normalizeIban } from '../../src/finance/bank-file/iban';
import { TRANSFERS_PER_FILE, buildSepaFiles, euroText, groupTransfers } from '../../src/finance/bank-file/sepa-document';
import { sepaId, sepaName, sepaText } from '../../src/finance/bank-file/sepa-text';
import { paymentStateOf } from '../../src/finance/paynl/payment-provider';

describe('SEPA text', () => {
  it('reduces names and texts to the SEPA character set', () => {
    expect(sepaText('Zoë Ünal & Søn — café "Ålborg"; 50% ✓', 70)).toBe("Zoe Unal + Son - cafe 'Alborg', 50");
    expect(sepaText('a'.repeat(80), 70)).toHaveLength(70);
    expect(sepaName('  ')).toBe('Unknown');
    expect(sepaName(undefined)).toBe('Unknown');
    expect(sepaName('名前')).toBe('Unknown');
    expect(sepaId('//RF 1//x')).toBe('RF1/x');
  });

  it('writes euros with two decimals from integer cents', () => {
    expect(euroText(0)).toBe('0.00');
    expect(euroText(5)).toBe('0.05');
    expect(euroText(123456)).toBe('1234.56');
    expect(euroText(-1050)).toBe('-10.50');
  });

  it('checks and normalizes account numbers', () => {
    expect(normalizeIban('nl91 abna 0417.1643-00')).toBe('NL91ABNA0417164300');
    expect(isValidIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(isValidIban('NL92ABNA0417164300')).toBe(false);
    expect(isValidIban(42)).toBe(false);
  });
});

describe('transfers and files', () => {
  const refund = (n: number, email: string, cents: number) => ({ refundId: `r${n}`, userId: `u${n}`, email, holder: null, iban: 'NL91ABNA0417164300', bic: null, cents });

  it('sums refunds per email (case-insensitive), largest first', () => {
    const transfers = groupTransfers([refund(1, 'a@x.test', 100), refund(2, 'B@x.test', 300), refund(3, 'A@X.test', 250)]);
    expect(transfers.map((transfer) => [transfer.email, transfer.cents, transfer.refundIds])).toEqual([
      ['a@x.test', 350, ['r1', 'r3']],
      ['b@x.test', 300, ['r2']],
    ]);
    expect(transfers[0].name).toBe('Unknown');
  });

  it('splits into files of at most 350 transfers with end-to-end ids of a prefix, a timestamp and a 4-digit counter', () => {
    const refunds = Array.from({ length: 701 }, (_, n) => refund(n, `p${n}@x.test`, 1000 + n));
    const files = buildSepaFiles(groupTransfers(refunds), { name: 'Debtor', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' }, {
      createdAt: new Date(Date.UTC(2025, 5, 1, 12, 30, 45, 123)),
      prefix: 'RF',
      remittance: 'Refund',
      executionDate: new Date(2025, 5, 2, 12),
    });
    expect(files.map((file) => file.transfers.length)).toEqual([TRANSFERS_PER_FILE, TRANSFERS_PER_FILE, 1]);
    expect(files[0].transfers[0].endToEndId).toBe('RF1-20250601123045123-0001');
    expect(files[1].transfers[349].endToEndId).toBe('RF2-20250601123045123-0350');
    expect(files[0].xml).toContain(`<CtrlSum>${euroText(files[0].totalCents)}</CtrlSum>`);
    expect(files[0].xml).toContain('<ReqdExctnDt>2025-06-02</ReqdExctnDt>');
  });
});

describe('pay.nl status codes', () => {
  it('map onto payment states', () => {
    expect([100, 20, 25, 50, 90, 95, 98, 80, -61, -63, -64, -70, -71, -72, -81, -82, -80, -90].map(paymentStateOf)).toEqual([
      'completed', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled',
      'refunded', 'refunded', 'completed', 'expired', 'cancelled',
    ]);
  });
});
