import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { pathId } from '../finance-output';
import { BulkRunner } from './bulk-runner.service';

@ApiTags('finance')
@Controller('company/finance/bulk')
export class BulkController {
  constructor(private readonly runner: BulkRunner) {}

  @Post()
  @Idempotent()
  @HttpCode(202)
  @ApiOperation({ summary: 'Start a bulk run { action: refund|refund-iban|sync|relink|fetch-iban, paymentIds | userIds | filter } (company admins); rows run in the background' })
  start(@CurrentActor() actor: Actor, @Body() body: Record<string, unknown>) {
    return this.runner.start(actor, body);
  }

  @Get()
  @ApiOperation({ summary: "The company's bulk runs still running or ended within the last day, newest first, without their rows (company admins)" })
  list(@CurrentActor() actor: Actor) {
    return this.runner.list(actor);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a running bulk run: it stops between two rows, the rest stays ready (company admins; 409 when it has ended)' })
  cancel(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.runner.cancel(actor, pathId(id, 'bulk run'));
  }

  @Get(':id')
  @ApiOperation({ summary: 'A bulk run with the status of every row: ready, executing, done, skipped, error' })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.runner.get(actor, pathId(id, 'bulk run'));
  }
}
