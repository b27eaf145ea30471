import { findResource } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import { referencePageSize } from './reference-select';

describe('reference select size (issue 11 item 6)', () => {
  it('loads the whole list of pages (up to 9 999) for the location form, and searches longer lists on the server', () => {
    expect(referencePageSize(findResource('page')!)).toBe(9999);
    expect(referencePageSize(findResource('event')!)).toBe(9999);
    expect(referencePageSize(findResource('merchant')!)).toBe(100);
    expect(referencePageSize(findResource('user')!)).toBe(100);
  });
});
