import { Module } from '@nestjs/common';
import { CompanyProfileController } from './company-profile.controller';
import { CompanyProfileService } from './company-profile.service';

/** The company profile and settings of part 2 section 2. */
@Module({ controllers: [CompanyProfileController], providers: [CompanyProfileService] })
export class CompanyProfileModule {}
