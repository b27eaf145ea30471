import { BadRequestException, Injectable } from '@nestjs/common';
import type { FinanceOverview } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { SPENDING_STATES, isSuper, requireRight } from '../finance-rules';
import { FinanceRollups } from './finance-rollups';


const MAX_RANGE_MS = 20 * 366 * 86_400_000;

function millis(value: unknown, name: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new BadRequestException({ message: `${name} must be a time in milliseconds`, errors: [{ field: name, message: 'must be a time in milliseconds' }] });
  }
  return number;
}

/**
 * The finance overview of part 1 section 7: totals of transactions per state and of payments per type
 * and state over [start, end] (milliseconds, by state time). 'Amount not yet spent' (totalLeftCents) and
 * the Total (paymentTotal) are for super admins: for everyone else they are not in the answer.
 */
@Injectable()
export class OverviewService {
  constructor(private readonly rollups: FinanceRollups) {}

  async overview(actor: Actor, query: { start?: unknown; end?: unknown }): Promise<FinanceOverview> {
    requireRight(actor, 'finance');
    const start = millis(query.start, 'start');
    const end = millis(query.end, 'end');
    if (end < start) throw new BadRequestException({ message: 'end must not be before start', errors: [{ field: 'end', message: 'must not be before start' }] });
    if (end - start > MAX_RANGE_MS) throw new BadRequestException({ message: 'The period may be at most 20 years', errors: [{ field: 'end', message: 'at most 20 years after start' }] });
    const startUnix = Math.ceil(start / 1000);
    const endUnix = Math.floor(end / 1000);
    const [transactions, payments] = await Promise.all([
      this.rollups.transactions(actor.companyId, startUnix, endUnix),
      this.rollups.payments(actor.companyId, startUnix, endUnix),
    ]);
    const seesLeft = isSuper(actor);
    const accepted = transactions.filter((row) => row.state_id !== null && SPENDING_STATES.includes(row.state_id));
    const completed = payments.filter((row) => row.state_id === 'completed');
    return {
      start,
      end,
      transactionTotal: transactions.map((row) => ({ _id: { state: row.state_id }, totalCount: row.count, totalCents: row.cents })),
      transactionAccepted: { totalCount: sum(accepted, 'count'), totalCents: sum(accepted, 'cents') },
      paymentTypeTotal: payments.map((row) => ({
        _id: { paymentType: row.payment_type },
        state: { id: row.state_id },
        totalCount: row.count,
        totalCents: row.cents,
        ...(seesLeft && { totalLeftCents: row.left_cents }),
      })),
      ...(seesLeft && { paymentTotal: { totalCount: sum(completed, 'count'), totalCents: sum(completed, 'cents'), totalLeftCents: sum(completed, 'left_cents') } }),
    };
  }
}

function sum<T>(rows: readonly T[], key: keyof T): number {
  return rows.reduce((total, row) => total + Number(row[key]), 0);
}
