import { Module } from '@nestjs/common';
import { AiImageController } from './ai-image/ai-image.controller';
import { AiImageSuggestions } from './ai-image/ai-image.service';
import { ExportController } from './export/export.controller';
import { LiveController } from './live/live.controller';
import { LiveRegisterService } from './live/live-register.service';
import { LiveSalesService } from './live/live-sales.service';
import { LockerCompanyController } from './locker-company/locker-company.controller';
import { MerchantAccess } from './merchant-access';
import { MerchantController } from './merchant.controller';
import { MerchantRules } from './merchant-rules';
import { InvoiceExportService } from './moneybird/invoice-export.service';
import { ProductRules } from './product-rules';
import { SelfServiceController } from './self-service/self-service.controller';
import { SelfServiceMenus } from './self-service/self-service-menu';

/**
 * Merchants, products and layouts (rules on the generic CRUD), live sales, live register, the sales CSV,
 * the Moneybird invoice export, the Locker Company rule and AI image suggestions.
 * Configuration: the outside services' settings in api/src/settings/settings.ts (merchant-config.ts reads them).
 */
@Module({
  controllers: [MerchantController, LiveController, ExportController, LockerCompanyController, AiImageController, SelfServiceController],
  providers: [MerchantAccess, MerchantRules, ProductRules, LiveSalesService, LiveRegisterService, InvoiceExportService, AiImageSuggestions, SelfServiceMenus],
})
export class MerchantModule {}
