import { Module } from '@nestjs/common';
import { TemplateRules } from '../template/template-rules';
import { TimeslotRules } from '../timeslot/timeslot-rules';
import { UserRules } from '../users/user-rules';

/** Domain modules: each registers its rules on the generic CRUD and may add its own endpoints. */
@Module({ providers: [TimeslotRules, TemplateRules, UserRules] })
export class DomainModule {}
