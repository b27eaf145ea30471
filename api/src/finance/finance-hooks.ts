import { BadRequestException, Injectable, type OnModuleInit } from '@nestjs/common';
import { getPath, sameJson } from '@backoffice/resources';
import type { Doc } from '../records/record-repository';
import { RecordHooks } from '../records/record-hooks';
import { REFUND_PAYMENT_TYPES, centsAt, isSuper, refused } from './finance-rules';

/** Paths of a payment that only the finance actions change: amounts, type, state and refund links. */
const PAYMENT_LEDGER_PATHS = ['amount.cents', 'amountLeft.cents', 'paymentType', 'state.id', 'refundRef', 'refundOfRef.paymentId', 'userRef.userId'];
/** Paths of a transaction that only the finance actions change (refund, product editor, relink). */
const TRANSACTION_LEDGER_PATHS = ['state.id', 'amount.cents', 'productRef', 'paymentRef', 'userRef.userId'];

const changed = (before: Doc, after: Doc, paths: readonly string[]) =>
  paths.filter((path) => !sameJson(getPath(before, path) ?? null, getPath(after, path) ?? null));

function checkLeftover(doc: Doc): void {
  const amount = centsAt(doc, 'amount.cents');
  const left = centsAt(doc, 'amountLeft.cents');
  if (left > Math.max(amount, 0)) {
    throw new BadRequestException({ message: 'amountLeft.cents cannot be more than amount.cents', errors: [{ field: 'amountLeft.cents', message: 'cannot be more than amount.cents' }] });
  }
}

/**
 * The finance rules on every write of payments and transactions: money only moves through the finance
 * actions (domain writes), which keep refunds, leftover credit and payment links consistent.
 */
@Injectable()
export class FinanceHooks implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('payment', {
      async beforeCreate(_tx, _actor, doc, { domain }) {
        if (!domain && REFUND_PAYMENT_TYPES.includes(String(doc.paymentType))) throw refused('Refunds are made with the refund actions', 'refund-type');
        // a new completed payment brings its whole amount in as credit unless told otherwise
        if (getPath(doc, 'amountLeft.cents') === undefined) {
          const amount = centsAt(doc, 'amount.cents');
          doc.amountLeft = { cents: getPath(doc, 'state.id') === 'completed' && amount > 0 ? amount : 0 };
        }
        checkLeftover(doc);
      },
      async beforeUpdate(_tx, actor, before, after, { domain }) {
        const paths = changed(before.doc, after, PAYMENT_LEDGER_PATHS);
        if (paths.length > 0 && !domain && !isSuper(actor)) throw refused(`Use the finance actions to change ${paths.join(', ')} of a payment`, 'ledger-field');
        checkLeftover(after);
      },
    });
    this.hooks.register('transaction', {
      async beforeUpdate(_tx, _actor, before, after, { domain }) {
        if (domain) return;
        if (getPath(before.doc, 'state.id') !== 'paid') throw refused('Only a paid transaction can be edited', 'not-paid');
        const paths = changed(before.doc, after, TRANSACTION_LEDGER_PATHS);
        if (paths.length > 0) throw refused(`Use the finance actions to change ${paths.join(', ')} of a transaction`, 'ledger-field');
      },
    });
  }
}
