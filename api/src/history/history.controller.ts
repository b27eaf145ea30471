import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OBJECT_ID } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { notFound } from '../common/errors';
import { TOTAL_LOWER_BOUND_HEADER } from '../records/record.controller';
import { type ActivityQuery, ActivityService } from './activity.service';
import { HistoryService } from './history.service';
import { pageOf } from './paging';

const checkedId = (what: string, id: string) => {
  if (!OBJECT_ID.test(id)) throw notFound(`No ${what} with id ${id}`);
  return id;
};

/** Every model's history and restore, and the company's activity across models. */
@ApiTags('history')
@Controller('company')
export class HistoryController {
  constructor(
    private readonly history: HistoryService,
    private readonly activity: ActivityService,
  ) {}

  @Get('model/:model/:id/history')
  @ApiOperation({ summary: "A record's history, newest first: when, who, which door, what changed field by field (as the reader may read it); _start, _end; X-Total-Count" })
  async recordHistory(@CurrentActor() actor: Actor, @Param('model') model: string, @Param('id') id: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { entries, total } = await this.history.history(model, actor, checkedId(model, id), pageOf(query));
    response.setHeader('X-Total-Count', String(total));
    return entries;
  }

  @Post('model/:model/:id/history/:entryId/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Puts the record back as it was after this entry, through the write pipeline (door restore); If-Match honoured; 400 for models never restored' })
  async restore(
    @CurrentActor() actor: Actor,
    @Param('model') model: string,
    @Param('id') id: string,
    @Param('entryId') entryId: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { version, ...answer } = await this.history.restore(model, actor, checkedId(model, id), checkedId('history entry', entryId), ifMatch);
    response.setHeader('ETag', version);
    return answer;
  }

  @Get('activity')
  @ApiOperation({ summary: "The company's recent writes across models, newest first, for company and super admins; actor, model, door narrow it; _start, _end" })
  async companyActivity(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const page = pageOf(query);
    const text = (key: string) => (typeof query[key] === 'string' && query[key] !== '' ? (query[key] as string) : undefined);
    const filter: ActivityQuery = { actor: text('actor'), model: text('model'), door: text('door') };
    const { entries, more } = await this.activity.activity(actor, filter, page);
    // counted no further than the page: the total is exact on the last page, a lower bound before it
    response.setHeader('X-Total-Count', String(page.offset + entries.length + (more ? 1 : 0)));
    if (more) response.setHeader(TOTAL_LOWER_BOUND_HEADER, 'true');
    return entries;
  }
}
