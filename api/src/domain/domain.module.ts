import { Module } from '@nestjs/common';
import { TimeslotRules } from '../timeslot/timeslot-rules';

/** Domain modules: each registers its rules on the generic CRUD and may add its own endpoints. */
@Module({ providers: [TimeslotRules] })
export class DomainModule {}
