import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { OverviewService } from './overview.service';

@ApiTags('finance')
@Controller('company/finance')
export class OverviewController {
  constructor(private readonly overviews: OverviewService) {}

  @Get('overview')
  @ApiOperation({
    summary: 'Finance overview: transactionTotal per state, transactionAccepted, paymentTypeTotal per type and state; totalLeftCents and paymentTotal for super admins only',
  })
  @ApiQuery({ name: 'start', description: 'period start, milliseconds', required: true })
  @ApiQuery({ name: 'end', description: 'period end (inclusive), milliseconds', required: true })
  overview(@CurrentActor() actor: Actor, @Query() query: { start?: string; end?: string }) {
    return this.overviews.overview(actor, query);
  }
}
