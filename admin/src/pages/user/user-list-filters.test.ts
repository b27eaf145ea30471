import { findResource, listOpening } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICES, choicesOf, threeYearsStart, userListFilters } from './user-list-filters';

const set = (filters: ReturnType<typeof userListFilters>) => filters.filter((filter) => 'value' in filter && filter.value !== undefined);

describe('user overview filters', () => {
  it('defaults to normal users only', () => {
    expect(set(userListFilters(DEFAULT_CHOICES, []))).toEqual([{ field: 'email.anonymous', operator: 'eq', value: false }]);
  });

  it('the overview opens on its default choices, not archived: as the user definition opens its list', () => {
    const opening = listOpening(findResource('user')!).filters;
    expect(opening).toEqual([{ field: 'meta.archived', operator: 'eq', value: false }, ...set(userListFilters(DEFAULT_CHOICES, []))]);
    expect(choicesOf(opening)).toEqual(DEFAULT_CHOICES);
  });

  it('maps each choice to list filters and back', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const choices = { rights: 'admin', created: 'last-3-years', type: 'card', tag: 'not-connected' } as const;
    const filters = userListFilters(choices, ['a1', 'a2'], now);
    expect(set(filters)).toEqual([
      { field: '_id', operator: 'in', value: ['a1', 'a2'] },
      { field: 'meta.createdAt', operator: 'gte', value: Date.UTC(2024, 0, 1) / 1000 },
      { field: 'email.anonymous', operator: 'eq', value: true },
      { field: 'email.value', operator: 'contains', value: '@anonymous.cashless.test' },
      { field: 'bracelet.state.id', operator: 'ne', value: 'linked' },
    ]);
    expect(choicesOf(set(filters))).toEqual(choices);
    expect(choicesOf(set(userListFilters({ rights: 'third-party', created: 'all', type: 'anonymous', tag: 'connected' }, [])))).toEqual({ rights: 'third-party', created: 'all', type: 'anonymous', tag: 'connected' });
  });

  it('the created filter covers the current and the previous two years', () => {
    expect(new Date(threeYearsStart(new Date('2026-01-01T00:00:00Z')) * 1000).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });
});
