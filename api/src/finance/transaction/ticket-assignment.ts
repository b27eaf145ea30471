import { Inject, Injectable } from '@nestjs/common';
import { findResource, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { invalid, notFound } from '../../common/errors';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import type { StoredRecord } from '../../records/record-repository';
import { FinanceLedger } from '../finance-ledger';
import { refused, requireRight } from '../finance-rules';
import { requirePaid } from './transaction.service';

export interface TicketAssignment {
  message: string;
  transactionId: string;
  eventGuestId: string;
  user: { _id: string; email: string };
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function emailOf(body: unknown): string {
  const value = (body as Record<string, unknown> | null)?.email;
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) throw invalid('email is required', [{ field: 'email', message: 'required' }]);
  if (!EMAIL.test(email)) throw invalid(`${email} is not an email address`, [{ field: 'email', message: 'not an email address' }]);
  return email;
}

/**
 * Assigns the ticket of a paid multi-ticket transaction to another person, by the email typed in a prompt
 * (part 2 sections 5 and 7): the transaction's event guest moves to the active user with that email. The money
 * stays with the buyer: the transaction keeps its user and its payments.
 */
@Injectable()
export class TicketAssignmentService {
  private readonly eventGuest = findResource('eventGuest')!;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly ledger: FinanceLedger,
  ) {}

  assign(actor: Actor, transactionId: string, body: unknown): Promise<TicketAssignment> {
    requireRight(actor, 'finance');
    const email = emailOf(body);
    return this.db.transaction(async (tx) => {
      const transaction = await this.ledger.lock(tx, this.ledger.transaction, actor.companyId, transactionId);
      if (!getPath(transaction.doc, 'eventMultiTicketRef.eventMultiTicketId')) throw refused('Only a multi-ticket transaction can be assigned to another email', 'not-multi-ticket');
      requirePaid(transaction, 'relinked');
      const guestId = getPath(transaction.doc, 'eventGuestRef.eventGuestId');
      if (typeof guestId !== 'string') throw refused('The transaction has no ticket (event guest) to assign', 'no-event-guest');
      const guest = await this.ledger.lock(tx, this.eventGuest, actor.companyId, guestId);
      const [user] = await tx.query<{ id: string; email: string }>(
        `SELECT id, email_value AS email FROM "user" WHERE company_id = $1 AND lower(email_value) = lower($2) AND meta_archived IS NOT TRUE`,
        [actor.companyId, email],
      );
      if (!user) throw notFound(`No active user has the email ${email}`);
      const answer = { transactionId, eventGuestId: guestId, user: { _id: user.id, email: user.email } };
      if (getPath(guest.doc, 'userRef.userId') === user.id) return { message: `The ticket already belongs to ${user.email}`, ...answer };
      await this.refuseSecondTicket(tx, actor, guest, user);
      await this.ledger.save(tx, actor, this.eventGuest, guest, { ...guest.doc, userRef: { userId: user.id } });
      return { message: `Assigned the ticket to ${user.email}`, ...answer };
    });
  }

  /** One guest record per person and event: the new owner must not be a guest of that event already. */
  private async refuseSecondTicket(tx: Queryable, actor: Actor, guest: StoredRecord, user: { id: string; email: string }): Promise<void> {
    const [taken] = await tx.query<{ id: string }>(
      `SELECT id FROM event_guest WHERE company_id = $1 AND event_ref_event_id = $2 AND user_ref_user_id = $3 AND meta_archived IS NOT TRUE LIMIT 1`,
      [actor.companyId, getPath(guest.doc, 'eventRef.eventId'), user.id],
    );
    if (taken) throw refused(`${user.email} is already a guest of this event`, 'already-a-guest');
  }
}
