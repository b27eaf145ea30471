import { Module } from '@nestjs/common';
import { BankFileController } from './bank-file/bank-file.controller';
import { BankFileService } from './bank-file/bank-file.service';
import { BulkController } from './bulk/bulk.controller';
import { BulkRunner } from './bulk/bulk-runner.service';
import { FINANCE_CONFIG, type FinanceConfig, loadFinanceConfig } from './finance-config';
import { FinanceHooks } from './finance-hooks';
import { FinanceLedger } from './finance-ledger';
import { FinanceListsController } from './lists/finance-lists.controller';
import { FinanceListsService } from './lists/finance-lists.service';
import { FinanceRollups } from './overview/finance-rollups';
import { OverviewController } from './overview/overview.controller';
import { OverviewService } from './overview/overview.service';
import { PAYMENT_PROVIDER } from './paynl/payment-provider';
import { whenServiceOn } from '../settings/service-switch';
import { PaynlClient } from './paynl/paynl-client';
import { RefundListService } from './refund/refund-list.service';
import { RefundController } from './refund/refund.controller';
import { RefundService } from './refund/refund.service';
import { TransactionController } from './transaction/transaction.controller';
import { TicketAssignmentService } from './transaction/ticket-assignment';
import { TransactionService } from './transaction/transaction.service';
import { CreditAllocation } from './user-actions/credit-allocation';
import { UserPaymentController } from './user-actions/user-payment.controller';
import { UserPaymentService } from './user-actions/user-payment.service';

/**
 * Finance (issue 5): overview, refunds through pay.nl and by bank account, transaction rules, per-user
 * payment actions, bulk runs and refund bank files. Settings: see finance-config.ts.
 */
@Module({
  controllers: [OverviewController, FinanceListsController, RefundController, UserPaymentController, TransactionController, BulkController, BankFileController],
  providers: [
    { provide: FINANCE_CONFIG, useFactory: () => loadFinanceConfig() },
    { provide: PAYMENT_PROVIDER, useFactory: (config: FinanceConfig) => whenServiceOn('paynl', new PaynlClient(config)), inject: [FINANCE_CONFIG] },
    FinanceLedger,
    FinanceHooks,
    FinanceRollups,
    OverviewService,
    FinanceListsService,
    RefundService,
    RefundListService,
    CreditAllocation,
    UserPaymentService,
    TransactionService,
    TicketAssignmentService,
    BulkRunner,
    BankFileService,
  ],
  exports: [FinanceRollups, BulkRunner, PAYMENT_PROVIDER, CreditAllocation],
})
export class FinanceModule {}
