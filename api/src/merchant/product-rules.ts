import { BadGatewayException, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { RecordHooks } from '../records/record-hooks';
import type { Doc } from '../records/record-repository';
import { whenServiceOn } from '../settings/service-switch';
import { LockerCompanyClient, LockerCompanyError } from './locker-company/locker-company-client';

export const LOCKER_TYPE = 'locker-company-locker';
export const LOCKER_NOT_LINKED = 'This Locker Company event is not linked to your company';
export const PRODUCT_TABLET_LIMIT = 24;
export const PRODUCT_LIMIT_CONFIRM = {
  title: 'Are you sure?',
  text: 'A tablet register can only display 24 products. Adding more products means some will not be visible. Do you want to continue?',
};

const lockerFields = (doc: Doc) => {
  const content = (doc.content ?? {}) as { lockerCompanyEventId?: string; lockerCompanySizeId?: string; lockerCompanyPeriodId?: string };
  return { eventId: content.lockerCompanyEventId || null, sizeId: content.lockerCompanySizeId || null, periodId: content.lockerCompanyPeriodId || null };
};

export function lockerServiceError(error: LockerCompanyError): BadGatewayException {
  return new BadGatewayException({ message: error.message, problem: error.problem });
}

/**
 * Product rules on the generic CRUD: a Locker Company locker must name an event linked to the company (its size
 * and period must be offered at that event). Checked with the Locker Company when the type or these fields change.
 */
@Injectable()
export class ProductRules implements OnModuleInit {
  readonly lockers = whenServiceOn('lockerCompany', new LockerCompanyClient());

  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('product', {
      beforeCreate: (_tx, actor, doc) => this.checkLocker(actor, doc, null),
      beforeUpdate: (_tx, actor, before, after) => this.checkLocker(actor, after, before.doc),
    });
  }

  async checkLocker(actor: Actor, doc: Doc, before: Doc | null): Promise<void> {
    if (doc.type !== LOCKER_TYPE) return;
    const now = lockerFields(doc);
    if (before && before.type === LOCKER_TYPE) {
      const was = lockerFields(before);
      if (was.eventId === now.eventId && was.sizeId === now.sizeId && was.periodId === now.periodId) return;
    }
    if (!now.eventId) {
      if (now.sizeId || now.periodId) throw invalid('Choose a Locker Company event first', [{ field: 'content.lockerCompanyEventId', message: 'is required for a size or period' }]);
      return;
    }
    let event;
    try {
      event = (await this.lockers.eventsOf(actor.companyId)).find((candidate) => candidate.id === now.eventId);
    } catch (error) {
      if (error instanceof LockerCompanyError) throw lockerServiceError(error);
      throw error;
    }
    if (!event) throw invalid(LOCKER_NOT_LINKED, [{ field: 'content.lockerCompanyEventId', message: LOCKER_NOT_LINKED }]);
    const errors = [
      now.sizeId && !event.sizes.some((size) => size.id === now.sizeId) && { field: 'content.lockerCompanySizeId', message: 'This size is not offered at the chosen Locker Company event' },
      now.periodId && !event.periods.some((period) => period.id === now.periodId) && { field: 'content.lockerCompanyPeriodId', message: 'This period is not offered at the chosen Locker Company event' },
    ].filter((error): error is { field: string; message: string } => Boolean(error));
    if (errors.length > 0) throw invalid(errors.map((error) => error.message).join('; '), errors);
  }
}
