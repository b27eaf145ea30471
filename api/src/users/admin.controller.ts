import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { pathId } from '../finance/finance-output';
import { AdminPeopleService } from './admin-people.service';
import { AdminRightsService } from './admin-rights.service';

/** The admin screen /company/admin (part 2 section 2): rights matrix, third parties, blocked users; company admins. */
@ApiTags('users')
@Controller('company/admin')
export class AdminController {
  constructor(
    private readonly rights: AdminRightsService,
    private readonly people: AdminPeopleService,
  ) {}

  @Get('rights')
  @ApiOperation({ summary: 'The admin matrix: every user with an admin right (or super) and their rights' })
  matrix(@CurrentActor() actor: Actor) {
    return this.rights.matrix(actor);
  }

  @Put('rights')
  @ApiOperation({ summary: 'Save the whole matrix { users: [{ userId, rights, super? }] }; Company admin holds its five sub-rights; only super admins change super' })
  save(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.rights.save(actor, body);
  }

  @Get('third-party')
  @ApiOperation({ summary: 'Active, non-anonymous third-party users with their access rights' })
  thirdParties(@CurrentActor() actor: Actor) {
    return this.people.thirdParties(actor);
  }

  @Post('third-party')
  @ApiOperation({ summary: 'Make a user a third party { userId }' })
  addThirdParty(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.people.addThirdParty(actor, body);
  }

  @Delete('third-party/:userId')
  @ApiOperation({ summary: 'Remove all access rights of a third party and its third-party mark' })
  removeThirdParty(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.people.removeThirdParty(actor, pathId(userId, 'user'));
  }

  @Get('blocked')
  @ApiOperation({ summary: 'The blocked users of the company' })
  blocked(@CurrentActor() actor: Actor) {
    return this.people.blocked(actor);
  }

  @Post('blocked')
  @ApiOperation({ summary: "Block a user { userId }: 'Added {name} to the blocked users'" })
  block(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.people.block(actor, body);
  }

  @Delete('blocked/:userId')
  @ApiOperation({ summary: "Unblock a user: 'Removed {name} from the blocked users'" })
  unblock(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.people.unblock(actor, pathId(userId, 'user'));
  }
}
