import { Module } from '@nestjs/common';
import { BatchModule } from '../communication/batch/batch.module';
import { CommunicationModule } from '../communication/communication.module';
import { CompanyProfileModule } from '../company-profile/company-profile.module';
import { DashboardModule } from '../dashboard/dashboard.module';
import { FinanceModule } from '../finance/finance.module';
import { PeriodListTotal } from '../finance/period-list-total';
import { MerchantModule } from '../merchant/merchant.module';
import { TemplateRules } from '../template/template-rules';
import { TimeslotRules } from '../timeslot/timeslot-rules';
import { UsersModule } from '../users/users.module';
import { VisitorCardModule } from '../visitor-card/visitor-card.module';
import { WebhooksModule } from '../webhooks/webhooks.module';

/** Domain modules: each registers its rules on the generic CRUD and may add its own endpoints. */
@Module({
  imports: [MerchantModule, FinanceModule, UsersModule, DashboardModule, VisitorCardModule, CompanyProfileModule, CommunicationModule, BatchModule, WebhooksModule],
  providers: [TimeslotRules, TemplateRules, PeriodListTotal],
})
export class DomainModule {}
