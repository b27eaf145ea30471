import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { pathId } from '../finance/finance-output';
import { type AgeDecision, AgeVerificationService } from './age-verification.service';

/** Age verification of users (part 2 sections 2 and 4), for user admins and above. */
@ApiTags('users')
@Controller('company/user-age-verification')
export class AgeVerificationController {
  constructor(private readonly ages: AgeVerificationService) {}

  @Get()
  @ApiOperation({ summary: 'Users to review: birthday not verified and an identity picture; up to 100 with the total' })
  queue(@CurrentActor() actor: Actor) {
    return this.ages.queue(actor);
  }

  @Post(':userId/accept')
  @HttpCode(200)
  @ApiOperation({
    summary: "Accept the user's birthday (birthdayVerified true): 'User birthday verified'",
    description: 'The automatic trigger then sends the templates with role userBirthdayVerifyAccept to the user, once per decision (anonymous users are sent nothing).',
  })
  accept(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.decide(actor, userId, 'accept');
  }

  @Post(':userId/reject')
  @HttpCode(200)
  @ApiOperation({
    summary: "Reject it (birthdayVerified false, identity picture cleared): 'User birthday rejected'",
    description: 'The automatic trigger then sends the templates with role userBirthdayVerifyReject to the user, once per decision (anonymous users are sent nothing).',
  })
  reject(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.decide(actor, userId, 'reject');
  }

  @Post(':userId/skip')
  @HttpCode(200)
  @ApiOperation({ summary: "Skip the user, changing nothing: 'User skipped'" })
  skip(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.decide(actor, userId, 'skip');
  }

  private async decide(actor: Actor, userId: string, decision: AgeDecision) {
    return { data: await this.ages.decide(actor, pathId(userId, 'user'), decision) };
  }
}
