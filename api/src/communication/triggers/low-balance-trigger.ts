import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LOW_BALANCE_CENTS, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import { CreditAllocation } from '../../finance/user-actions/credit-allocation';
import { RecordHooks } from '../../records/record-hooks';
import type { Doc } from '../../records/record-repository';
import { afterCommit, TriggerSender } from './trigger-sender';

/**
 * 'Low balance' (part 2 section 9: below 15 euro): after a transaction of a user is written, the user's balance
 * is read; below 15 euro, the balance-low templates go out, once per cause. The cause is the user's newest
 * transaction, so a later purchase that keeps the balance low sends again, and a rolled-back write sends nothing new.
 */
@Injectable()
export class LowBalanceTrigger implements OnModuleInit {
  private readonly logger = new Logger('LowBalanceTrigger');
  /** users whose check is already scheduled */
  private readonly pending = new Set<string>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly hooks: RecordHooks,
    private readonly credit: CreditAllocation,
    private readonly triggers: TriggerSender,
  ) {}

  onModuleInit(): void {
    // a bulk write of thousands of one user's transactions (an import, a credit allocation) checks them once
    const schedule = (actor: Actor, doc: Doc) => {
      const userId = getPath(doc, 'userRef.userId');
      const key = `${actor.companyId}:${userId}`;
      if (typeof userId !== 'string' || this.pending.has(key)) return;
      this.pending.add(key);
      afterCommit(() => {
        this.pending.delete(key);
        return this.check(actor, userId);
      }, this.logger);
    };
    this.hooks.register('transaction', {
      beforeCreate: async (_tx, actor, doc) => schedule(actor, doc),
      beforeUpdate: async (_tx, actor, _before, after) => schedule(actor, after),
    });
  }

  async check(actor: Actor, userId: string): Promise<number> {
    const { balanceCents } = await this.credit.balance(this.db, actor.companyId, userId);
    if (balanceCents >= LOW_BALANCE_CENTS) return 0;
    const [newest] = await this.db.query<{ id: string }>('SELECT id FROM "transaction" WHERE company_id = $1 AND user_ref_user_id = $2 ORDER BY id DESC LIMIT 1', [actor.companyId, userId]);
    if (!newest) return 0;
    const outcomes = await this.triggers.fire(actor, 'balance-low', newest.id, [userId], {}, new Map([[userId, balanceCents]]));
    return outcomes.length;
  }
}
