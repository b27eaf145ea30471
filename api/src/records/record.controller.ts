import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OBJECT_ID } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { notFound } from '../common/errors';
import type { RawQuery } from './list-query';
import { RecordService } from './record.service';

/** Set when X-Total-Count is a lower bound: the list has more rows than it counted. */
export const TOTAL_LOWER_BOUND_HEADER = 'X-Total-Count-Lower-Bound';
/** The cursor of the rows after a full page: sent back as `_cursor`, it reads on at any depth at the cost of the first page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

function checkedId(model: string, id: string): string {
  if (!OBJECT_ID.test(id)) throw notFound(`No ${model} with id ${id}`);
  return id;
}

/** Generic CRUD in the conventions of Refine's simple-rest data provider. */
@ApiTags('records')
@Controller('company/model/:model')
export class RecordController {
  constructor(private readonly records: RecordService) {}

  @Get()
  async list(@CurrentActor() actor: Actor, @Param('model') model: string, @Query() query: RawQuery, @Res({ passthrough: true }) response: Response) {
    const { json, total, totalIsLowerBound, nextCursor } = await this.records.listJson(model, actor, query);
    response.setHeader('X-Total-Count', String(total));
    if (totalIsLowerBound) response.setHeader(TOTAL_LOWER_BOUND_HEADER, 'true');
    if (nextCursor) response.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    response.setHeader('Access-Control-Expose-Headers', `X-Total-Count, ${TOTAL_LOWER_BOUND_HEADER}, ${NEXT_CURSOR_HEADER}`);
    // already JSON: sent as it is, not serialised again
    response.type('application/json');
    return json;
  }

  /** The record, with its version in `ETag`: sent back as `If-Match`, it makes a write refuse (412) if the record changed since. */
  @Get(':id')
  async get(@CurrentActor() actor: Actor, @Param('model') model: string, @Param('id') id: string, @Query() query: RawQuery, @Res({ passthrough: true }) response: Response) {
    const { record, version } = await this.records.getVersioned(model, actor, checkedId(model, id), query);
    response.setHeader('ETag', version);
    return record;
  }

  @Post()
  create(@CurrentActor() actor: Actor, @Param('model') model: string, @Body() body: unknown) {
    return this.records.create(model, actor, body, { door: 'create' });
  }

  /** A patch that takes sessions away (a new email or password, a right taken, archived) ends them; `X-Sessions-Ended` says how many. */
  @Patch(':id')
  async update(
    @CurrentActor() actor: Actor,
    @Param('model') model: string,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { record, sessionsEnded, version } = await this.records.patch(model, actor, checkedId(model, id), body, { door: 'patch', ifMatch });
    if (sessionsEnded > 0) response.setHeader('X-Sessions-Ended', String(sessionsEnded));
    response.setHeader('ETag', version);
    return record;
  }

  @Delete(':id')
  remove(@CurrentActor() actor: Actor, @Param('model') model: string, @Param('id') id: string, @Headers('if-match') ifMatch: string | undefined) {
    return this.records.remove(model, actor, checkedId(model, id), { door: 'delete', ifMatch });
  }

  @Post(':id/archive')
  @HttpCode(200)
  archive(@CurrentActor() actor: Actor, @Param('model') model: string, @Param('id') id: string, @Headers('if-match') ifMatch: string | undefined) {
    return this.records.setArchived(model, actor, checkedId(model, id), true, { door: 'archive', ifMatch });
  }

  @Post(':id/unarchive')
  @HttpCode(200)
  unarchive(@CurrentActor() actor: Actor, @Param('model') model: string, @Param('id') id: string, @Headers('if-match') ifMatch: string | undefined) {
    return this.records.setArchived(model, actor, checkedId(model, id), false, { door: 'archive', ifMatch });
  }

  @Post(':id/duplicate')
  @HttpCode(201)
  duplicate(@CurrentActor() actor: Actor, @Param('model') model: string, @Param('id') id: string) {
    return this.records.duplicate(model, actor, checkedId(model, id), { door: 'duplicate' });
  }
}
