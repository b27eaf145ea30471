import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type TEMPLATE_TRIGGERS, findResource, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import { quote, tableName } from '../../database/naming';
import { REFUND_PAYMENT_TYPES, centsAt } from '../../finance/finance-rules';
import { RecordHooks, type WrittenChange } from '../../records/record-hooks';
import type { Doc } from '../../records/record-repository';
import { amountOf } from '../rendering/render-input';
import { type ClaimedCheck, type TriggerCheck, TriggerChecks } from './trigger-checks';
import { TriggerSender } from './trigger-sender';

/** A trigger that one write of a record causes, sent to the user the record belongs to. */
interface RecordTrigger {
  role: keyof typeof TEMPLATE_TRIGGERS;
  model: string;
  /** whether this write of a record is a cause (`before` null for a create) */
  causedBy(before: Doc | null, after: Doc): boolean;
  /** the user the message goes to */
  userOf(id: string, doc: Doc): unknown;
  /** sent once per record (a registration, a payment), or once per write that causes it (a decision made again) */
  once: 'per-record' | 'per-change';
  /**
   * One message per person for all the records one write causes it for (a bank file's refunds of one person are one
   * transfer): the records' amounts are summed into the first one's.
   */
  perPerson?: boolean;
  /** template variables about the record, read when the check runs */
  extras?(db: Database, companyId: string, doc: Doc): Promise<Doc>;
}

/** The event as templates read it: `{{ event.name.full }}`, `{{ event.start.date }}`. */
export const shownEvent = (doc: Doc) => ({ name: { full: getPath(doc, 'name.full') ?? '' }, start: getPath(doc, 'duration.start') ?? null, end: getPath(doc, 'duration.end') ?? null });

async function eventOfGuest(db: Database, companyId: string, guest: Doc): Promise<Doc> {
  const [event] = await db.query<{ doc: Doc }>('SELECT doc FROM event WHERE company_id = $1 AND id = $2', [companyId, getPath(guest, 'eventRef.eventId')]);
  return { event: shownEvent(event?.doc ?? {}) };
}

/** The payment as templates read it: `{{ payment.amount.euro }}` (a refund's amount as a positive number). */
const shownPayment = async (_db: Database, _companyId: string, doc: Doc): Promise<Doc> => ({ payment: { name: { full: getPath(doc, 'name.full') ?? '' }, type: doc.paymentType ?? null, amount: amountOf(Math.abs(centsAt(doc, 'amount.cents'))) } });

const isRefund = (doc: Doc) => REFUND_PAYMENT_TYPES.includes(String(doc.paymentType));
const reachesCompleted = (before: Doc | null, after: Doc) => getPath(after, 'state.id') === 'completed' && getPath(before, 'state.id') !== 'completed';
const userRefOf = (_id: string, doc: Doc) => getPath(doc, 'userRef.userId');
/** an age verification decision: birthdayVerified set to `value` on an existing user */
const decided = (value: boolean) => (before: Doc | null, after: Doc) => before !== null && after.birthdayVerified === value && before.birthdayVerified !== value;

/** The triggers whose cause is one write of one record (README.md beside this folder says why the others are not here). */
export const RECORD_TRIGGERS: readonly RecordTrigger[] = [
  // a person added to the company by any path (quick create, import); anonymous and card users are not people to greet
  { role: 'user-registered', model: 'user', causedBy: (before, after) => before === null && getPath(after, 'email.anonymous') !== true, userOf: (id) => id, once: 'per-record' },
  { role: 'event-guest-registered', model: 'eventGuest', causedBy: (before, after) => before === null && getPath(after, 'meta.archived') !== true, userOf: userRefOf, once: 'per-record', extras: eventOfGuest },
  { role: 'payment-completed', model: 'payment', causedBy: (before, after) => !isRefund(after) && reachesCompleted(before, after), userOf: userRefOf, once: 'per-record', perPerson: true, extras: shownPayment },
  // a refund by the payment provider or in cash completes at once; one by bank transfer when its bank file is made
  { role: 'payment-refunded', model: 'payment', causedBy: (before, after) => isRefund(after) && reachesCompleted(before, after), userOf: userRefOf, once: 'per-record', perPerson: true, extras: shownPayment },
  { role: 'userBirthdayVerifyAccept', model: 'user', causedBy: decided(true), userOf: (id) => id, once: 'per-change' },
  { role: 'userBirthdayVerifyReject', model: 'user', causedBy: decided(false), userOf: (id) => id, once: 'per-change' },
];

/** The checks a write schedules: one per record, or one per person holding all their records (`perPerson`). */
function checksOf(trigger: RecordTrigger, caused: readonly WrittenChange[]): TriggerCheck[] {
  if (!trigger.perPerson) return caused.map((change) => ({ kind: trigger.role, subject: change.id }));
  const byPerson = new Map<unknown, string[]>();
  for (const change of caused) {
    const person = trigger.userOf(change.id, change.after);
    byPerson.set(person, [...(byPerson.get(person) ?? []), change.id]);
  }
  return [...byPerson.values()].map((ids) => ({ kind: trigger.role, subject: ids[0], ...(ids.length > 1 && { payload: { subjects: ids } }) }));
}

/**
 * Hooks the record triggers on the write pipeline: a write that causes one schedules a check (in its transaction);
 * the check reads the record again and sends the role's templates to its user, once per cause.
 */
@Injectable()
export class RecordTriggers implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly hooks: RecordHooks,
    private readonly checks: TriggerChecks,
    private readonly triggers: TriggerSender,
  ) {}

  onModuleInit(): void {
    for (const trigger of RECORD_TRIGGERS) {
      this.hooks.register(trigger.model, {
        afterWrite: (tx, actor, changes) => this.checks.schedule(tx, actor, checksOf(trigger, changes.filter((change) => trigger.causedBy(change.before, change.after)))),
      });
      this.checks.register(trigger.role, (actor, check) => this.send(trigger, actor, check));
    }
  }

  private async send(trigger: RecordTrigger, actor: Actor, check: ClaimedCheck): Promise<void> {
    const subjects = Array.isArray(check.payload.subjects) ? (check.payload.subjects as string[]) : [check.subject];
    const records = await this.db.query<{ id: string; doc: Doc }>(`SELECT id, doc FROM ${quote(tableName(findResource(trigger.model)!))} WHERE company_id = $1 AND id = ANY($2::text[]) ORDER BY id`, [actor.companyId, subjects]);
    const record = records.find((row) => row.id === check.subject) ?? records[0];
    const userId = record && trigger.userOf(check.subject, record.doc);
    if (typeof userId !== 'string') return;
    const summed = records.length > 1 ? { ...record.doc, amount: { cents: records.reduce((sum, row) => sum + centsAt(row.doc, 'amount.cents'), 0) } } : record.doc;
    const extras = trigger.extras ? await trigger.extras(this.db, actor.companyId, summed) : {};
    await this.triggers.fire(actor, trigger.role, trigger.once === 'per-record' ? check.subject : check.id, [userId], extras);
  }
}
