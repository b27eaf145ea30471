import { Module } from '@nestjs/common';
import { BatchModule } from '../communication/batch/batch.module';
import { CommunicationModule } from '../communication/communication.module';
import { FinanceModule } from '../finance/finance.module';
import { TransactionListTotal } from '../finance/transaction-list-total';
import { MerchantModule } from '../merchant/merchant.module';
import { TemplateRules } from '../template/template-rules';
import { TimeslotRules } from '../timeslot/timeslot-rules';
import { UserRules } from '../users/user-rules';

/** Domain modules: each registers its rules on the generic CRUD and may add its own endpoints. */
@Module({ imports: [MerchantModule, FinanceModule, CommunicationModule, BatchModule], providers: [TimeslotRules, TemplateRules, UserRules, TransactionListTotal] })
export class DomainModule {}
