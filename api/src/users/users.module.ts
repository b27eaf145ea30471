import { Module } from '@nestjs/common';
import { CommunicationModule } from '../communication/communication.module';
import { AdminPeopleService } from './admin-people.service';
import { AdminRightsService } from './admin-rights.service';
import { AdminController } from './admin.controller';
import { AgeVerificationController } from './age-verification.controller';
import { AgeVerificationService } from './age-verification.service';
import { UserAccountController } from './user-account.controller';
import { UserAccountService } from './user-account.service';
import { UserDerivedFields } from './user-derived-fields';
import { UserPasswordRule } from './user-password-rule';

/** Users and admin rights: age verification, account actions, the admin screen (part 2 sections 2 to 6). */
@Module({
  imports: [CommunicationModule],
  controllers: [AgeVerificationController, AdminController, UserAccountController],
  providers: [AgeVerificationService, AdminRightsService, AdminPeopleService, UserAccountService, UserDerivedFields, UserPasswordRule],
})
export class UsersModule {}
