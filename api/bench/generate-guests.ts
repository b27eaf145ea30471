import type { Queryable } from '../src/database/database';
import { ATTENDANCE } from '../src/demo/events';
import { type CompanyPlan, type Progress, SPREAD_DAYS, h, moment, numberUsers, spread, step } from './generate';

const DAY = 86_400;
/** Guests per event, from a festival everyone went to down to a small gathering. */
const EVENT_SIZES: Readonly<Record<string, number>> = { 0: 35, 1: 25, 2: 15, 3: 10, 4: 6, 5: 4, 6: 2, 7: 1, 8: 1, 9: 1 };

/**
 * Event guests in SQL, one per user of the company: registered for one of ten events (skewed by size), dated in
 * the spread window, in the demo's mix of attendance states.
 */
export async function generateGuests(db: Queryable, plan: CompanyPlan, now: number, chunk: number, progress: Progress): Promise<void> {
  const users = await numberUsers(db, plan.companyId);
  // the events' ids: 23 e's and the event's number (the guests' lists filter on them; no event rows are needed)
  const events = Object.keys(EVENT_SIZES).map((n) => `${'e'.repeat(23)}${n}`);
  for (let from = plan.firstRow; from < plan.firstRow + users; from += chunk) {
    const to = Math.min(plan.firstRow + users, from + chunk) - 1;
    await db.query(
      `INSERT INTO event_guest (id, company_id, doc)
      SELECT lpad(to_hex(s.at), 8, '0') || 'e' || lpad(to_hex(s.g), 15, '0'), $1, jsonb_build_object(
        'eventRef', jsonb_build_object('eventId', ($6::text[])[1 + (($7::text[])[1 + ${h('g * 17 + 2')} % 100])::int]),
        'userRef', jsonb_build_object('userId', n.id),
        'module', jsonb_build_object('attendance', jsonb_build_object(
          'state', jsonb_build_object('id', s.state, 'put', jsonb_build_object('at', ${moment('s.at + 3600')})),
          'stateHistory', jsonb_build_array(${step("'registered'", 's.at')}, ${step('s.state', 's.at + 3600')}))),
        'meta', jsonb_build_object('archived', false, 'createdAt', s.at, 'updatedAt', s.at + 3600))
      FROM (
        SELECT g, $4::bigint - ${h('g * 17 + 1')} % $5::bigint AS at, ($8::text[])[1 + ${h('g * 17 + 3')} % 100] AS state
        FROM generate_series($2::bigint, $3::bigint) AS g
      ) s
      JOIN bench_user_number n ON n.company_id = $1 AND n.n = s.g - $9::bigint`,
      [plan.companyId, from, to, now, SPREAD_DAYS * DAY, events, spread(EVENT_SIZES), spread(ATTENDANCE), plan.firstRow],
    );
    progress(`event guests ${to - plan.firstRow + 1}/${users}`);
  }
}
