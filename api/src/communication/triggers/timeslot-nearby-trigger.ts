import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database } from '../../database/database';
import { RecordHooks } from '../../records/record-hooks';
import type { Doc } from '../../records/record-repository';
import { TriggerChecks } from './trigger-checks';
import { TriggerSender } from './trigger-sender';

/** Part 2 section 9: the timeslot trigger fires for a registration within 30 minutes of another timeslot. */
export const NEARBY_SECONDS = 30 * 60;
const ROLE = 'timeslot-registered-nearby';

const guestIds = (doc: Doc) => ((doc.eventGuestRef as { eventGuestId?: string }[] | undefined) ?? []).map((entry) => entry.eventGuestId).filter((id): id is string => typeof id === 'string');
const span = (doc: Doc) => ({ start: Number(getPath(doc, 'start.unix')), end: Number(getPath(doc, 'end.unix') ?? getPath(doc, 'start.unix')) });
/** Seconds between two timeslots: 0 when they overlap, else from the end of the first to the start of the second. */
const gap = (a: Doc, b: Doc) => Math.max(0, Math.max(span(a).start, span(b).start) - Math.min(span(a).end, span(b).end));
const shown = (doc: Doc) => ({ name: { full: getPath(doc, 'name.full') ?? '' }, start: getPath(doc, 'start') ?? null, end: getPath(doc, 'end') ?? null });

/**
 * When a guest is added to a timeslot (by creating it with guests or adding them later) and the same user holds
 * another timeslot that overlaps it or lies within 30 minutes of it, the 'timeslot-registered-nearby' templates
 * go to that user, once per registration (timeslot and guest).
 */
@Injectable()
export class TimeslotNearbyTrigger implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly hooks: RecordHooks,
    private readonly checks: TriggerChecks,
    private readonly triggers: TriggerSender,
  ) {}

  onModuleInit(): void {
    this.hooks.register('timeslot', {
      afterWrite: (tx, actor, changes) => {
        const added = changes.flatMap((change) => guestIds(change.after).filter((id) => !guestIds(change.before ?? {}).includes(id)).map((guestId) => ({ kind: ROLE, subject: `${change.id}:${guestId}` })));
        return this.checks.schedule(tx, actor, added);
      },
    });
    this.checks.register(ROLE, (actor, check) => {
      const [timeslotId, guestId] = check.subject.split(':');
      return this.check(actor, timeslotId, [guestId]);
    });
  }

  async check(actor: Actor, timeslotId: string, addedGuestIds: readonly string[]): Promise<number> {
    const [timeslot] = await this.db.query<{ doc: Doc }>('SELECT doc FROM timeslot WHERE company_id = $1 AND id = $2', [actor.companyId, timeslotId]);
    if (!timeslot || !Number.isFinite(span(timeslot.doc).start)) return 0;
    const guests = await this.db.query<{ id: string; user_id: string }>('SELECT id, user_ref_user_id AS user_id FROM event_guest WHERE company_id = $1 AND id = ANY($2::text[]) AND user_ref_user_id IS NOT NULL', [actor.companyId, [...addedGuestIds]]);
    let sent = 0;
    for (const guest of guests) {
      const others = await this.db.query<{ id: string; doc: Doc }>(
        `SELECT t.id, t.doc FROM timeslot t WHERE t.company_id = $1 AND t.id <> $2 AND t.meta_archived IS NOT TRUE
           AND EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(t.doc->'eventGuestRef', '[]'::jsonb)) ref
                       JOIN event_guest g ON g.id = ref->>'eventGuestId' AND g.company_id = t.company_id WHERE g.user_ref_user_id = $3)`,
        [actor.companyId, timeslotId, guest.user_id],
      );
      const near = others.find((other) => Number.isFinite(span(other.doc).start) && gap(timeslot.doc, other.doc) < NEARBY_SECONDS);
      if (!near) continue;
      const outcomes = await this.triggers.fire(actor, ROLE, `${timeslotId}:${guest.id}`, [guest.user_id], { timeslot: shown(timeslot.doc), otherTimeslot: shown(near.doc) });
      sent += outcomes.length;
    }
    return sent;
  }
}
