import { ANONYMOUS_ACCOUNT_DOMAIN, ANONYMOUS_CARD_DOMAIN } from '@backoffice/resources';
import type { CrudFilter } from '@refinedev/core';

export type RightsChoice = 'all' | 'admin' | 'third-party';
export type CreatedChoice = 'all' | 'last-3-years';
export type TypeChoice = 'normal' | 'card' | 'anonymous';
export type TagChoice = 'any' | 'connected' | 'not-connected';

export interface UserListChoices {
  rights: RightsChoice;
  created: CreatedChoice;
  type: TypeChoice;
  tag: TagChoice;
}

export const DEFAULT_CHOICES: UserListChoices = { rights: 'all', created: 'all', type: 'normal', tag: 'any' };

/** Start of the current year minus two: 'last 3 years' is the current and the previous two (part 2 section 9). */
export function threeYearsStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear() - 2, 0, 1) / 1000;
}

/**
 * The list filters of the four dropdowns of the user overview. Every field is named in each answer, so a
 * choice of 'all' or 'any' clears what an earlier choice set. Admins are the users of the admin matrix.
 */
export function userListFilters(choices: UserListChoices, adminIds: readonly string[], now = new Date()): CrudFilter[] {
  const { rights, created, type, tag } = choices;
  return [
    { field: '_id', operator: 'in', value: rights === 'admin' ? (adminIds.length ? [...adminIds] : ['000000000000000000000000']) : undefined },
    { field: '_projectSpecific.rights', operator: 'eq', value: rights === 'third-party' ? 'third-party' : undefined },
    { field: 'meta.createdAt', operator: 'gte', value: created === 'last-3-years' ? threeYearsStart(now) : undefined },
    // cards and anonymous accounts are marked anonymous too: the filter then reads their part of the index only
    { field: 'email.anonymous', operator: 'eq', value: type !== 'normal' },
    { field: 'email.value', operator: 'contains', value: type === 'card' ? `@${ANONYMOUS_CARD_DOMAIN}` : type === 'anonymous' ? `@${ANONYMOUS_ACCOUNT_DOMAIN}` : undefined },
    { field: 'bracelet.state.id', operator: 'eq', value: tag === 'connected' ? 'linked' : undefined },
    { field: 'bracelet.state.id', operator: 'ne', value: tag === 'not-connected' ? 'linked' : undefined },
  ];
}

/** The dropdown choices that the table's current filters amount to (after a reload, from the URL). */
export function choicesOf(filters: CrudFilter[]): UserListChoices {
  const value = (field: string, operator: string) => {
    const found = filters.find((filter) => 'field' in filter && filter.field === field && filter.operator === operator);
    return found && 'value' in found ? found.value : undefined;
  };
  const email = String(value('email.value', 'contains') ?? '');
  return {
    rights: value('_id', 'in') ? 'admin' : value('_projectSpecific.rights', 'eq') ? 'third-party' : 'all',
    created: value('meta.createdAt', 'gte') !== undefined ? 'last-3-years' : 'all',
    type: email.includes(ANONYMOUS_CARD_DOMAIN) ? 'card' : email.includes(ANONYMOUS_ACCOUNT_DOMAIN) ? 'anonymous' : 'normal',
    tag: value('bracelet.state.id', 'eq') ? 'connected' : value('bracelet.state.id', 'ne') ? 'not-connected' : 'any',
  };
}
