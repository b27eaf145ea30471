import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { OBJECT_ID } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { notFound } from '../common/errors';
import { VisitorCardService } from './visitor-card.service';

const checkedEventId = (id: string) => {
  if (!OBJECT_ID.test(id)) throw notFound(`No event with id ${id}`);
  return id;
};

/** Visitor card printing (/company/device/{eventId}). A card's approved, printed and lines are patched on its eventGuest. */
@ApiTags('visitor cards')
@Controller('company/device/:eventId')
export class VisitorCardController {
  constructor(private readonly cards: VisitorCardService) {}

  @Get('cards')
  @ApiOperation({ summary: 'Cards of the event guests that have a first name, with their stored state' })
  list(@CurrentActor() actor: Actor, @Param('eventId') eventId: string) {
    return this.cards.cards(actor, checkedEventId(eventId));
  }

  @Post('print-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Print all: marks every approved card printed; answers the guest ids it marked' })
  printAll(@CurrentActor() actor: Actor, @Param('eventId') eventId: string) {
    return this.cards.markApprovedPrinted(actor, checkedEventId(eventId));
  }
}
