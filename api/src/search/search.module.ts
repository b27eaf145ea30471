import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** The search across everything of the admin's header. */
@Module({ controllers: [SearchController], providers: [SearchService] })
export class SearchModule {}
