import { findResource } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../providers/session';
import { readablePopulates } from './readable-populates';

const me = (rights: Me['rights']): Me => ({ user: { _id: 'u', email: 'x@demo.test', name: {} }, company: { _id: 'c', name: {} }, rights, access: [] });

describe('a list populates only what its reader may read (issue 39)', () => {
  const transaction = findResource('transaction')!;

  it('leaves out the products of transactions for a finance admin, not for a company admin', () => {
    expect(readablePopulates(transaction, ['productRef.product', 'merchantRef.merchant'], me(['finance']))).toEqual([]);
    expect(readablePopulates(transaction, ['productRef.product', 'merchantRef.merchant'], me(['company']))).toEqual(['productRef.product', 'merchantRef.merchant']);
  });
});
