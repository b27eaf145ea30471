import { Injectable, type OnModuleInit } from '@nestjs/common';
import { conflict } from '../common/errors';
import { RecordHooks } from '../records/record-hooks';

export const TIMESLOT_DELETE_CONFIRM = 'Are you sure you want to delete this timeslot, deleting is only possible if the timeslot is empty.';

/** A timeslot can be deleted only when no guest is in it, and never when it is of kind 'mux'. */
@Injectable()
export class TimeslotRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('timeslot', {
      async beforeDelete(_tx, _actor, record) {
        if (record.doc.kind === 'mux') throw conflict('A timeslot of kind mux cannot be deleted');
        const guests = record.doc.eventGuestRef;
        if (Array.isArray(guests) && guests.length > 0) throw conflict('Deleting is only possible if the timeslot is empty');
      },
    });
  }
}
