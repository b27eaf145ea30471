import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { scheduleSlots } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { BatchPreview } from './batch-preview';
import { BatchService } from './batch.service';

/** Batch communication (part 2 sections 2 to 9): groups, batches, their runner and results. */
@ApiTags('batch')
@Controller('company/batch')
export class BatchController {
  constructor(
    private readonly batches: BatchService,
    private readonly previews: BatchPreview,
  ) {}

  @Get('group-options')
  @ApiOperation({ summary: 'Group options the caller may use', description: 'Each option carries its role list; options whose roles the caller lacks are left out (and refused by the other endpoints, 403).' })
  groupOptions(@CurrentActor() actor: Actor) {
    return this.batches.groupOptions(actor);
  }

  @Post('group/count')
  @HttpCode(200)
  @ApiOperation({
    summary: 'How many recipients a group holds',
    description: "Body `{group: {option, value?}}`. Anonymous and archived users are never in a group. A manual group (super admins) is `value` as JSON or CSV text: a non-empty array, else 400 'Invalid data' with the reason in errors[0].message.",
  })
  countGroup(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.batches.countGroup(actor, body);
  }

  @Get('slots')
  @ApiOperation({ summary: 'The 480 planning slots (unix seconds), every 15 minutes from the next quarter hour' })
  slots() {
    return { slots: scheduleSlots(Date.now() / 1000) };
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Create a batch (paused) from a group and a template',
    description: 'Body `{group, templateId, chunkSize?}`; chunkSize (1, 5, 10, 25, 50, 100, 500, 1000) is for super admins, the default is 10 for mail and 25 for other templates. Answers the batch status (201).',
  })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.batches.create(actor, body);
  }

  @Get('undecided')
  @ApiOperation({ summary: 'Batches with recipients waiting for a decision', description: 'Newest first: `{_id, kind, templateName, createdAt, uncertain}`, uncertain being how many items wait.' })
  undecided(@CurrentActor() actor: Actor) {
    return this.batches.undecided(actor);
  }

  @Get(':batchId')
  @ApiOperation({ summary: 'Batch status: runner (paused, running, completed, cancelled), counts per item state, timing' })
  status(@CurrentActor() actor: Actor, @Param('batchId') batchId: string) {
    return this.batches.status(actor, batchId);
  }

  @Get(':batchId/items')
  @ApiOperation({ summary: 'Results table: one row per recipient (seq, state, reason, name, email); _start, _end, state; total in X-Total-Count' })
  async items(@CurrentActor() actor: Actor, @Param('batchId') batchId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { rows, total } = await this.batches.items(actor, batchId, query);
    response.setHeader('X-Total-Count', String(total));
    return rows;
  }

  @Get(':batchId/items/:seq/preview')
  @ApiOperation({ summary: "One recipient's message rendered server side: {html, subject, rendered} (the spec's preview answer)" })
  preview(@CurrentActor() actor: Actor, @Param('batchId') batchId: string, @Param('seq') seq: string) {
    return this.previews.preview(actor, batchId, Number(seq));
  }

  @Post(':batchId/run')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Run or resume the batch, or plan it',
    description: 'Body `{deliverAt?, chunkSize?}`: without deliverAt the batch runs now; with one of the slots (unix seconds) it is planned as a planned communication, cancellable there. chunkSize as on create (super admins).',
  })
  run(@CurrentActor() actor: Actor, @Param('batchId') batchId: string, @Body() body: unknown) {
    return this.batches.run(actor, batchId, body);
  }

  @Post(':batchId/decisions')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Decide on recipients whose message may or may not have gone out',
    description:
      "Body `{decision, seqs?}`. Items whose hand-off got no answer and whose provider's log could not settle them are `uncertain`; " +
      '`mark-sent` marks them done without sending anything, `send-again` puts them back in the queue (sent when the batch runs). ' +
      'Without seqs every uncertain item of the batch. Answers the batch status; 409 when none of them is uncertain.',
  })
  decide(@CurrentActor() actor: Actor, @Param('batchId') batchId: string, @Body() body: unknown) {
    return this.batches.decide(actor, batchId, body);
  }

  @Post(':batchId/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause the batch: chunks being sent finish, no new chunk starts' })
  pause(@CurrentActor() actor: Actor, @Param('batchId') batchId: string) {
    return this.batches.pause(actor, batchId);
  }
}
