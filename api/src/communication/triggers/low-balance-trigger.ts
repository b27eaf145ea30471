import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LOW_BALANCE_CENTS, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import { CreditAllocation } from '../../finance/user-actions/credit-allocation';
import { RecordHooks } from '../../records/record-hooks';
import { TriggerChecks } from './trigger-checks';
import { TriggerSender } from './trigger-sender';

const ROLE = 'balance-low';

/**
 * 'Low balance' (part 2 section 9: below 15 euro): after a transaction of a user is written, the user's balance
 * is read; below 15 euro, the balance-low templates go out, once per cause. The cause is the user's newest
 * transaction, so a later purchase that keeps the balance low sends again, and a rolled-back write sends nothing.
 * A bulk write of thousands of one user's transactions (an import, a credit allocation) checks the user once.
 */
@Injectable()
export class LowBalanceTrigger implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly hooks: RecordHooks,
    private readonly credit: CreditAllocation,
    private readonly checks: TriggerChecks,
    private readonly triggers: TriggerSender,
  ) {}

  onModuleInit(): void {
    this.hooks.register('transaction', {
      afterWrite: (tx, actor, changes) => {
        const users = changes.map((change) => getPath(change.after, 'userRef.userId')).filter((id): id is string => typeof id === 'string');
        return this.checks.schedule(tx, actor, users.map((userId) => ({ kind: ROLE, subject: userId })));
      },
    });
    this.checks.register(ROLE, (actor, check) => this.check(actor, check.subject));
  }

  async check(actor: Actor, userId: string): Promise<number> {
    const { balanceCents } = await this.credit.balance(this.db, actor.companyId, userId);
    if (balanceCents >= LOW_BALANCE_CENTS) return 0;
    const [newest] = await this.db.query<{ id: string }>('SELECT id FROM "transaction" WHERE company_id = $1 AND user_ref_user_id = $2 ORDER BY id DESC LIMIT 1', [actor.companyId, userId]);
    if (!newest) return 0;
    const outcomes = await this.triggers.fire(actor, ROLE, newest.id, [userId], {}, new Map([[userId, balanceCents]]));
    return outcomes.length;
  }
}
