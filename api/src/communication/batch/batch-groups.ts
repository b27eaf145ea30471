import { type BatchGroup, GROUP_OPTIONS, type GroupOption, type ManualRecipient, mayUseOption } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { forbidden, invalid } from '../../common/errors';
import { SPENDING_STATES } from '../../finance/finance-rules';
import { parseManualGroup } from './manual-group';

/** A group as SQL: users of the company (`u`) matching `where`, with its parameters after $1 (the company). */
export interface UserGroup {
  kind: 'users';
  where: string;
  params: unknown[];
}
export interface ManualGroup {
  kind: 'manual';
  recipients: ManualRecipient[];
}
export type ResolvedGroup = UserGroup | ManualGroup;

/** Never anonymous users (part 2 section 6), never archived ones. */
export const REACHABLE_USER = 'u.company_id = $1 AND u.email_anonymous IS NOT TRUE AND u.meta_archived IS NOT TRUE';

const DAY = 86_400;
/** Local midnight `days` from `now`, in unix seconds. */
const midnight = (now: Date, days: number) => Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days).getTime() / 1000);
/** The day `years` before today, as unix seconds and as the spec's YYYY-MM-DD birthday. */
function yearsAgo(now: Date, years: number): { unix: number; date: string } {
  const day = new Date(Date.UTC(now.getFullYear() - years, now.getMonth(), now.getDate()));
  return { unix: Math.floor(day.getTime() / 1000), date: day.toISOString().slice(0, 10) };
}
/** The smallest id made at `unixSeconds` or later (ids lead with their creation time). */
const firstIdAt = (unixSeconds: number) => `${Math.floor(unixSeconds).toString(16).padStart(8, '0')}${'0'.repeat(16)}`;

const users = (where: string, ...params: unknown[]): UserGroup => ({ kind: 'users', where, params });
const BIRTHDAY_UNIX = `(u.doc #>> '{birthday,unix}') IS NOT NULL`;
const BALANCE = `COALESCE((SELECT sum((p.doc #>> '{amountLeft,cents}')::bigint) FROM payment p WHERE p.company_id = u.company_id AND p.user_ref_user_id = u.id AND p.doc #>> '{state,id}' = 'completed'), 0)`;
const GUESTS_OF_EVENTS = `SELECT g.user_ref_user_id FROM event_guest g JOIN event e ON e.company_id = g.company_id AND e.id = g.event_ref_event_id
  WHERE g.company_id = $1 AND g.meta_archived IS NOT TRUE AND e.meta_archived IS NOT TRUE`;
const RECEIVED_SINCE = `u.id IN (
  SELECT jsonb_array_elements(m.doc -> 'to') #>> '{userRef,userId}' FROM communication_mail m WHERE m.company_id = $1 AND m.id >= $2
  UNION SELECT jsonb_array_elements(s.doc -> 'to') #>> '{userRef,userId}' FROM communication_sms s WHERE s.company_id = $1 AND s.id >= $2)`;
const RECEIVED_WINDOWS: Record<string, number> = { 'received-1h': 3600, 'received-6h': 6 * 3600, 'received-24h': DAY, 'received-7d': 7 * DAY };

function required(value: string | undefined): string {
  if (!value || !value.trim()) throw invalid('This group needs a value', [{ field: 'group.value', message: 'is required' }]);
  return value.trim();
}

function userGroup(option: GroupOption, value: string | undefined, now: Date): UserGroup {
  const id = option.id;
  if (id.startsWith('age-')) {
    const eighteen = yearsAgo(now, 18);
    if (id === 'age-under-18') return users(`${BIRTHDAY_UNIX} AND u.birthday_unix > $2`, eighteen.unix);
    if (id === 'age-exactly-18') return users(`u.doc #>> '{birthday,date}' = $2`, eighteen.date);
    const years = { 'age-18-plus': 18, 'age-21-plus': 21, 'age-50-plus': 50 }[id]!;
    return users(`${BIRTHDAY_UNIX} AND u.birthday_unix <= $2`, yearsAgo(now, years).unix);
  }
  if (id === 'balance-below-50') return users(`${BALANCE} < 5000`);
  if (id === 'balance-above-50') return users(`${BALANCE} > 5000`);
  if (id.startsWith('event-start-')) {
    const days = Number(id.slice('event-start-'.length));
    return users(`u.id IN (${GUESTS_OF_EVENTS} AND e.duration_start_unix >= $2 AND e.duration_start_unix < $3)`, midnight(now, days), midnight(now, days + 1));
  }
  if (id in RECEIVED_WINDOWS) return users(RECEIVED_SINCE, firstIdAt(now.getTime() / 1000 - RECEIVED_WINDOWS[id]!));
  if (id === 'users-by-event') return users(`u.id IN (${GUESTS_OF_EVENTS} AND e.id = $2)`, required(value));
  if (id === 'users-by-timeslot') {
    return users(
      `u.id IN (SELECT g.user_ref_user_id FROM timeslot t CROSS JOIN jsonb_array_elements(t.doc -> 'eventGuestRef') AS ref
        JOIN event_guest g ON g.company_id = t.company_id AND g.id = ref ->> 'eventGuestId' WHERE t.company_id = $1 AND t.id = $2 AND g.meta_archived IS NOT TRUE)`,
      required(value),
    );
  }
  if (id === 'users-by-product') {
    return users(
      `u.id IN (SELECT x.user_ref_user_id FROM "transaction" x WHERE x.company_id = $1 AND x.state_id = ANY($3::text[]) AND x.doc -> 'productRef' @> jsonb_build_array(jsonb_build_object('productId', $2::text)))`,
      required(value),
      SPENDING_STATES,
    );
  }
  if (id === 'users-by-tag-state') return users('u.bracelet_state_id = $2', required(value));
  throw new Error(`group option ${id} has no query`);
}

/** The option of a group when the actor may use it: unknown 400, a missing right 403. */
export function groupOption(actor: Actor, group: BatchGroup | undefined): GroupOption {
  const option = GROUP_OPTIONS.find((candidate) => candidate.id === group?.option);
  if (!option) throw invalid('Unknown group option', [{ field: 'group.option', message: `must be one of ${GROUP_OPTIONS.map((known) => known.id).join(', ')}` }]);
  if (!mayUseOption(option, actor.rights)) throw forbidden(`The group '${option.label}' needs the rights ${option.roles.join(', ')}`);
  return option;
}

export function resolveGroup(actor: Actor, group: BatchGroup | undefined, now = new Date()): ResolvedGroup {
  const option = groupOption(actor, group);
  if (option.parameter === 'json' || option.parameter === 'csv') return { kind: 'manual', recipients: parseManualGroup(option.parameter, group?.value) };
  return userGroup(option, group?.value, now);
}

export function visibleGroupOptions(actor: Actor): GroupOption[] {
  return GROUP_OPTIONS.filter((option) => mayUseOption(option, actor.rights));
}
