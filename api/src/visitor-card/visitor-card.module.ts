import { Module } from '@nestjs/common';
import { VisitorCardController } from './visitor-card.controller';
import { VisitorCardService } from './visitor-card.service';

/** Visitor card printing of part 1 section 2. */
@Module({ controllers: [VisitorCardController], providers: [VisitorCardService] })
export class VisitorCardModule {}
