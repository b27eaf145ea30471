import { allResources, findResource } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../providers/session';
import { populatedModel, readablePopulates } from './readable-populates';

const me = (rights: Me['rights']): Me => ({ user: { _id: 'u', email: 'x@demo.test', name: {} }, company: { _id: 'c', name: {} }, rights, access: [] });

describe('a list populates only what its reader may read (issue 39)', () => {
  const transaction = findResource('transaction')!;

  it('finds the model of a populate path, in lists of references too', () => {
    expect(populatedModel(transaction, 'productRef.product')).toBe('product');
    expect(populatedModel(transaction, 'merchantRef.merchant')).toBe('merchant');
    expect(populatedModel(transaction, 'nothing.here')).toBeUndefined();
  });

  it('leaves out the products of transactions for a finance admin, not for a company admin', () => {
    expect(readablePopulates(transaction, ['productRef.product', 'merchantRef.merchant'], me(['finance']))).toEqual([]);
    expect(readablePopulates(transaction, ['productRef.product', 'merchantRef.merchant'], me(['company']))).toEqual(['productRef.product', 'merchantRef.merchant']);
  });

  it('names a model for every populate a definition declares', () => {
    for (const def of allResources()) {
      const walk = (fields: typeof def.fields, prefix: string): string[] =>
        fields.flatMap((field) => [...(field.ref?.populateAs ? [prefix + field.ref.populateAs] : []), ...(field.fields ? walk(field.fields, `${prefix}${field.path}.`) : [])]);
      for (const populate of walk(def.fields, '')) expect(populatedModel(def, populate), `${def.name} ${populate}`).toBeDefined();
    }
  });
});
