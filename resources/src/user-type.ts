/** Anonymous accounts and anonymous cards are recognised by the domain of their email (part 2 section 9). */
export const ANONYMOUS_ACCOUNT_DOMAIN = 'anonymous-account.cashless.test';
export const ANONYMOUS_CARD_DOMAIN = 'anonymous.cashless.test';

export type UserType = 'normal' | 'card' | 'anonymous';

export function userTypeOf(email: unknown): UserType {
  const domain = typeof email === 'string' ? email.slice(email.lastIndexOf('@') + 1).toLowerCase() : '';
  if (domain === ANONYMOUS_CARD_DOMAIN) return 'card';
  if (domain === ANONYMOUS_ACCOUNT_DOMAIN) return 'anonymous';
  return 'normal';
}
