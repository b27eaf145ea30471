import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { CompanyProfileService } from './company-profile.service';

/** /company/profile: What's New for every admin; General and App settings for company admins; Super settings for super admins. */
@ApiTags('company profile')
@Controller('company/profile')
export class CompanyProfileController {
  constructor(private readonly profiles: CompanyProfileService) {}

  @Get()
  @ApiOperation({ summary: "The profile tabs this user may open, What's New, and the company fields of those tabs only" })
  get(@CurrentActor() actor: Actor) {
    return this.profiles.profile(actor);
  }

  @Patch(':section')
  @ApiOperation({ summary: 'Save one settings tab (general, app or super); 403 without its right, 400 for a field of another tab' })
  update(@CurrentActor() actor: Actor, @Param('section') section: string, @Body() body: unknown) {
    return this.profiles.update(actor, section, body);
  }
}
