import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('company/search')
export class SearchController {
  constructor(private readonly searches: SearchService) {}

  @Get()
  @ApiOperation({ summary: 'One search across every model the user may read (each by its own list search), a few matches per model by title, grouped by model; no totals' })
  search(@CurrentActor() actor: Actor, @Query('q') q: unknown) {
    return this.searches.search(actor, typeof q === 'string' ? q : '');
  }
}
