import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { notFound } from '../../common/errors';
import { RecordService } from '../../records/record.service';
import { LOCKER_NOT_LINKED, ProductRules, lockerServiceError } from '../product-rules';
import { LockerCompanyError } from './locker-company-client';

/** The Locker Company's events for the product form (event, size and period of a locker product). */
@ApiTags('merchant')
@Controller('company/locker-company/event')
export class LockerCompanyController {
  constructor(
    private readonly records: RecordService,
    private readonly rules: ProductRules,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The Locker Company events linked to the company, with their sizes and periods' })
  async events(@CurrentActor() actor: Actor) {
    this.records.resource('product', actor, 'update');
    try {
      return await this.rules.lockers.eventsOf(actor.companyId);
    } catch (error) {
      if (error instanceof LockerCompanyError) throw lockerServiceError(error);
      throw error;
    }
  }

  @Get(':eventId')
  @ApiOperation({
    summary: 'A Locker Company event by id, and whether it is linked to the company',
    description: `Answers {event, linked, message}; message is '${LOCKER_NOT_LINKED}' when it is not linked. 404 when the Locker Company does not know the event.`,
  })
  async event(@CurrentActor() actor: Actor, @Param('eventId') eventId: string) {
    this.records.resource('product', actor, 'update');
    try {
      const [event, linked] = await Promise.all([this.rules.lockers.event(eventId), this.rules.lockers.eventsOf(actor.companyId)]);
      if (!event) throw notFound(`The Locker Company has no event ${eventId}`);
      const isLinked = linked.some((candidate) => candidate.id === eventId);
      return { event, linked: isLinked, message: isLinked ? null : LOCKER_NOT_LINKED };
    } catch (error) {
      if (error instanceof LockerCompanyError) throw lockerServiceError(error);
      throw error;
    }
  }
}
