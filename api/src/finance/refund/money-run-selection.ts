import { BadRequestException, ConflictException } from '@nestjs/common';

/**
 * A run that moves money (a bulk refund, a refund bank file) takes only a selection a person confirmed: payments
 * named by id or by a filter that says something (an empty filter is the refund screen's default, never a
 * selection), and then the count they were shown, which must still be the count the run would take.
 */
export function requireNamedPayments(body: { paymentIds?: unknown; userIds?: unknown; filter?: unknown }): void {
  if (body.paymentIds !== undefined || body.userIds !== undefined) return;
  const filter = body.filter;
  if (typeof filter !== 'object' || filter === null || Object.keys(filter).length === 0) {
    throw new BadRequestException({ message: 'Choose the payments: send paymentIds or the filter you see; an empty filter is no selection', errors: [{ field: 'filter', message: 'must name the payments' }] });
  }
}

/** 400 without the confirmed number of payments; 409 when the selection holds another number by now. */
export function checkConfirmedCount(count: number, confirmed: unknown): void {
  if (typeof confirmed !== 'number' || !Number.isInteger(confirmed) || confirmed < 0) {
    throw new BadRequestException({ message: 'confirmedCount is required: the number of payments you were shown and confirmed', errors: [{ field: 'confirmedCount', message: 'must be the confirmed number of payments' }] });
  }
  if (count !== confirmed) {
    throw new ConflictException({ message: `The selection changed since you confirmed it: it holds ${count} payments now, not ${confirmed}. Check it and confirm again`, reason: 'selection-changed', count });
  }
}
