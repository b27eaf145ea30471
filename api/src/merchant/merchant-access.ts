import { Injectable } from '@nestjs/common';
import { OBJECT_ID, findResource, mayAct, rightsFor } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { missingRight, notFound } from '../common/errors';
import type { Doc } from '../records/record-repository';
import { RecordService } from '../records/record.service';

/** `all` in a merchant route: every merchant of the company (live page, exports). */
export const ALL_MERCHANTS = 'all';

/** The merchant a domain route names, checked like a generic read: no right 403, another company's or unknown 404. */
@Injectable()
export class MerchantAccess {
  constructor(private readonly records: RecordService) {}

  /** The merchant record, or null for `all` (which needs the merchant right itself, not a third-party entry for one merchant). */
  async readable(actor: Actor, merchantId: string): Promise<Doc | null> {
    if (merchantId === ALL_MERCHANTS) {
      const def = findResource('merchant')!;
      if (!mayAct(def, 'read', actor.rights)) throw missingRight(rightsFor(def, 'read') ?? [], 'You may not read every merchant');
      return null;
    }
    if (!OBJECT_ID.test(merchantId)) throw notFound(`No merchant with id ${merchantId}`);
    return this.records.get('merchant', actor, merchantId);
  }
}

export const merchantName = (merchant: Doc | null) => (merchant ? String((merchant.name as { full?: string } | undefined)?.full ?? 'Merchant') : 'All merchants');
