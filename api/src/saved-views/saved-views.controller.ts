import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { SavedViewsService } from './saved-views.service';

/** Views are written through the savedView model's CRUD; a list reads its own here, checked for its reader. */
@ApiTags('saved views')
@Controller('company/saved-views')
export class SavedViewsController {
  constructor(private readonly views: SavedViewsService) {}

  @Get(':model')
  @ApiOperation({ summary: "The saved views of a model's list the user may read (their own and the shared ones), each without the fields the model no longer has or the user may not read, named in `dropped`" })
  forList(@CurrentActor() actor: Actor, @Param('model') model: string) {
    return this.views.forList(model, actor);
  }
}
