import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { pathId } from '../finance/finance-output';
import { UserAccountService } from './user-account.service';

/** Account actions of the user edit page (part 2 section 2). */
@ApiTags('users')
@Controller('company/user/:userId')
export class UserAccountController {
  constructor(private readonly accounts: UserAccountService) {}

  @Post('bracelet/link')
  @HttpCode(200)
  @ApiOperation({ summary: 'Link a tag (bracelet) { tag } when none is linked (super); answers data.bracelet' })
  link(@CurrentActor() actor: Actor, @Param('userId') userId: string, @Body() body: unknown) {
    return this.accounts.linkBracelet(actor, pathId(userId, 'user'), body);
  }

  @Post('bracelet/unlink')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unlink the linked tag (super); answers data.bracelet' })
  unlink(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.accounts.unlinkBracelet(actor, pathId(userId, 'user'));
  }

  @Post('password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Global password card: a super admin changes their own password { currentPassword, newPassword }' })
  password(@CurrentActor() actor: Actor, @Param('userId') userId: string, @Body() body: unknown) {
    return this.accounts.changeOwnPassword(actor, pathId(userId, 'user'), body);
  }

  @Post('sessions/end')
  @HttpCode(200)
  @ApiOperation({
    summary: "'Other' card (super): sign the user out on every device",
    description: 'Ends every open session of the user (your own session stays when it is your own page); answers `{data: {ended}}`, the number of sessions ended.',
  })
  endSessions(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.accounts.endSessions(actor, pathId(userId, 'user'));
  }

  @Post('access/batch')
  @HttpCode(200)
  @ApiOperation({ summary: "Batch add access rights { accessModel, accessScope, ids } (super); 'Added no rights' when none is left" })
  addAccess(@CurrentActor() actor: Actor, @Param('userId') userId: string, @Body() body: unknown) {
    return this.accounts.addAccessRights(actor, pathId(userId, 'user'), body);
  }
}
