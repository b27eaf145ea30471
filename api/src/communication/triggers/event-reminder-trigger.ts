import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import { RecordHooks } from '../../records/record-hooks';
import type { Doc } from '../../records/record-repository';
import { shownEvent } from './record-triggers';
import { type ClaimedCheck, TriggerChecks } from './trigger-checks';
import { TriggerSender } from './trigger-sender';

const ROLE = 'event-reminder';
/** The reminder goes this long before the event starts (the spec names no time; ours, in the README). */
export const EVENT_REMINDER_LEAD_SECONDS = 24 * 3600;

const startOf = (doc: Doc | null) => {
  const start = Number(getPath(doc, 'duration.start.unix'));
  return Number.isFinite(start) ? start : null;
};

/**
 * 'Event reminder': each guest of an event is reminded 24 hours before it starts, once per guest and start time.
 * The check is scheduled for that time when a guest registers (not for a registration made within the last 24
 * hours, which the registration message covers) and again when the event's start moves. When it runs, the guest
 * and the event must still be active and the event must still start at the time the check was made for.
 */
@Injectable()
export class EventReminderTrigger implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly hooks: RecordHooks,
    private readonly checks: TriggerChecks,
    private readonly triggers: TriggerSender,
  ) {}

  onModuleInit(): void {
    this.hooks.register('eventGuest', {
      afterWrite: async (tx, actor, changes) => {
        const guests = changes.filter((change) => change.before === null).map((change) => ({ id: change.id, eventId: String(getPath(change.after, 'eventRef.eventId')) }));
        if (guests.length === 0) return;
        const starts = new Map((await tx.query<{ id: string; doc: Doc }>('SELECT id, doc FROM event WHERE company_id = $1 AND id = ANY($2::text[])', [actor.companyId, guests.map((guest) => guest.eventId)])).map((event) => [event.id, startOf(event.doc)]));
        await this.schedule(tx, actor, guests.map((guest) => ({ guestId: guest.id, start: starts.get(guest.eventId) ?? null })));
      },
    });
    this.hooks.register('event', {
      afterWrite: async (tx, actor, changes) => {
        const moved = changes.filter((change) => change.before !== null && startOf(change.before) !== startOf(change.after));
        if (moved.length === 0) return;
        const starts = new Map(moved.map((change) => [change.id, startOf(change.after)]));
        const guests = await tx.query<{ id: string; event_id: string }>(
          'SELECT id, event_ref_event_id AS event_id FROM event_guest WHERE company_id = $1 AND event_ref_event_id = ANY($2::text[]) AND meta_archived IS NOT TRUE',
          [actor.companyId, [...starts.keys()]],
        );
        await this.schedule(tx, actor, guests.map((guest) => ({ guestId: guest.id, start: starts.get(guest.event_id) ?? null })));
      },
    });
    this.checks.register(ROLE, (actor, check) => this.remind(actor, check));
  }

  private schedule(tx: Queryable, actor: Actor, reminders: readonly { guestId: string; start: number | null }[]): Promise<void> {
    const now = Date.now() / 1000;
    const ahead = reminders.filter((reminder): reminder is { guestId: string; start: number } => reminder.start !== null && reminder.start - EVENT_REMINDER_LEAD_SECONDS > now);
    return this.checks.schedule(tx, actor, ahead.map(({ guestId, start }) => ({ kind: ROLE, subject: guestId, payload: { start }, dueAt: new Date((start - EVENT_REMINDER_LEAD_SECONDS) * 1000) })));
  }

  private async remind(actor: Actor, check: ClaimedCheck): Promise<void> {
    const [row] = await this.db.query<{ guest: Doc; event: Doc }>(
      `SELECT g.doc AS guest, e.doc AS event FROM event_guest g JOIN event e ON e.company_id = g.company_id AND e.id = g.event_ref_event_id
       WHERE g.company_id = $1 AND g.id = $2 AND g.meta_archived IS NOT TRUE AND e.meta_archived IS NOT TRUE`,
      [actor.companyId, check.subject],
    );
    const start = startOf(row?.event ?? null);
    if (!row || start === null || start !== check.payload.start || start <= Date.now() / 1000) return;
    await this.triggers.fire(actor, ROLE, `${check.subject}:${start}`, [String(getPath(row.guest, 'userRef.userId'))], { event: shownEvent(row.event) });
  }
}
