import { Module } from '@nestjs/common';
import { ExportService } from '../transfer/export.service';
import { AdminPeopleService } from './admin-people.service';
import { AdminRightsService } from './admin-rights.service';
import { AdminController } from './admin.controller';
import { AgeVerificationController } from './age-verification.controller';
import { AgeVerificationService } from './age-verification.service';
import { CvExport } from './cv/cv-export';
import { UserCvController } from './cv/user-cv.controller';
import { UserCvService } from './cv/user-cv.service';
import { UserAccountController } from './user-account.controller';
import { UserAccountService } from './user-account.service';
import { UserPasswordRule } from './user-password-rule';

/** Users and admin rights: age verification, account actions, CVs, the admin screen (part 2 sections 2 to 6). */
@Module({
  controllers: [AgeVerificationController, AdminController, UserAccountController, UserCvController],
  providers: [AgeVerificationService, AdminRightsService, AdminPeopleService, UserAccountService, UserPasswordRule, UserCvService, CvExport, ExportService],
})
export class UsersModule {}
