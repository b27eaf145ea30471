import { describe, expect, it } from 'vitest';
import { ADMINS_NEED_COMPANY_ADMIN, SUPER_RIGHT_REFUSED, actOnPersonProblem, effectiveRights } from '../src/rights';
import { type PersonChange, type Right, RIGHTS } from '../src/types';

const CHANGES: readonly PersonChange[] = ['profile', 'credential', 'rights', 'account'];
const rights = (...granted: Right[]) => effectiveRights(granted);
/** Whether the target holds a right the actor lacks (non-refundable gives no power over others). */
const beyond = (actor: Set<Right>, target: Set<Right>) => [...target].some((right) => right !== 'financeNonRefundable' && !actor.has(right));

describe('who may act on whom', () => {
  it('refuses every change of a person holding a right the actor lacks, the profile included', () => {
    for (const actorRight of RIGHTS.filter((right) => right !== 'super')) {
      for (const targetRight of RIGHTS) {
        const [actor, target] = [rights(actorRight), rights(targetRight)];
        for (const change of CHANGES) {
          const problem = actOnPersonProblem(actor, target, change);
          if (beyond(actor, target) || !actor.has('company')) expect(problem, `${actorRight} ${change} of ${targetRight}`).not.toBeNull();
          else expect(problem, `${actorRight} ${change} of ${targetRight}`).toBeNull();
        }
      }
    }
  });

  it('keeps its messages: what is changed and the rights the actor lacks', () => {
    expect(actOnPersonProblem(rights('company'), rights('super'), 'profile')).toBe('You may not change the profile of a user who holds rights you do not hold (super)');
    expect(actOnPersonProblem(rights('company'), rights('super'), 'credential')).toBe('You may not change the email or password of a user who holds rights you do not hold (super)');
    expect(actOnPersonProblem(rights('company'), rights('super'), 'account')).toBe('You may not change the account of a user who holds rights you do not hold (super)');
    expect(actOnPersonProblem(rights('user'), rights('finance'), 'profile')).toBe(ADMINS_NEED_COMPANY_ADMIN);
    expect(actOnPersonProblem(rights('company'), rights(), 'super')).toBe(SUPER_RIGHT_REFUSED);
  });

  it('lets super admins change anyone, and anyone with the right change customers', () => {
    for (const change of [...CHANGES, 'super'] as const) expect(actOnPersonProblem(rights('super'), rights('super'), change)).toBeNull();
    for (const change of CHANGES) expect(actOnPersonProblem(rights('user'), rights(), change)).toBeNull();
  });
});
