import { type DemoContext, type Doc, DEMO_DAY, metaOf, moment, stateWithHistory } from './context';
import { reachable, type DemoUser } from './users';

export interface DemoEvent {
  id: string;
  name: string;
  start: number;
  end: number;
  guestIds: string[];
  /** guests by user id, so transactions can name the guest they belong to */
  guestByUser: Map<string, string>;
}

const EVENT_NAMES = [
  ['New Year Warm-up', 'Nieuwjaarsborrel'],
  ['Winter Beats', 'Winterbeats'],
  ['Spring Kick-off', 'Lentekick-off'],
  ["King's Day Party", 'Koningsdagfeest'],
  ['Liberation Festival', 'Bevrijdingsfestival'],
  ['Open Air Sessions', 'Buitensessies'],
  ['Summer Festival', 'Zomerfestival'],
  ['Beach Days', 'Stranddagen'],
  ['Canal Parade', 'Grachtenparade'],
  ['Introduction Week', 'Introductieweek'],
  ['Harvest Night', 'Oogstnacht'],
  ['Autumn Jazz', 'Herfstjazz'],
  ['Light Festival', 'Lichtfestival'],
  ['Christmas Market', 'Kerstmarkt'],
] as const;

export const ATTENDANCE = { 'checked-in': 70, registered: 15, cancelled: 8, 'no-show': 7 } as const;
const MODULES = ['communication', 'swipe', 'sorting', 'ticket', 'interview', 'timeslot', 'goal', 'localization'] as const;

function eventDoc(ctx: DemoContext, index: number, start: number, end: number, archived: boolean): Doc {
  const { rng } = ctx;
  const [en, nl] = EVENT_NAMES[index % EVENT_NAMES.length];
  const description = `${en}: music, food and drinks, paid cashless with your card or app.`;
  const module: Doc = {
    attendance: { whoCanView: rng.pick(['everybody', 'guests', 'admins']), showInOverview: rng.chance(0.7), whoCanCheckIn: rng.pick(['guests', 'admins']) },
  };
  for (const name of MODULES) module[name] = { active: name === 'timeslot' ? index % 3 === 0 : rng.chance(0.5) };
  return {
    name: { full: en, description },
    nameLocalized: { full: { en, nl }, description: { en: description, nl: `${nl}: muziek, eten en drinken, cashless betalen met je kaart of app.` } },
    show: { start: moment(start - 60 * DEMO_DAY), end: moment(end + 14 * DEMO_DAY) },
    duration: { start: moment(start), end: moment(end) },
    register: { start: moment(start - 45 * DEMO_DAY), end: moment(start - 3600) },
    module,
    meta: metaOf('event', start - 90 * DEMO_DAY, { archived }),
  };
}

/**
 * Events spread over the year (one-day festivals, 11:00 to 23:00), one upcoming, with guests
 * drawn from the reachable users and attendance histories.
 */
export function seedEvents(ctx: DemoContext, count: number, users: readonly DemoUser[], guestsPerEvent: readonly [number, number]): DemoEvent[] {
  const { rng, clock } = ctx;
  const people = reachable(users);
  const events: DemoEvent[] = [];
  const span = clock.spreadEnd - clock.yearStart;
  for (let index = 0; index < count; index++) {
    const upcoming = index === count - 1 && count > 1;
    const day = upcoming
      ? Math.floor(clock.now / DEMO_DAY) + 21
      : Math.floor((clock.yearStart + ((index + 0.5) * span) / Math.max(1, count - 1)) / DEMO_DAY);
    const start = day * DEMO_DAY + 10 * 3600;
    const end = start + 12 * 3600;
    const id = ctx.add('event', start - 90 * DEMO_DAY, eventDoc(ctx, index, start, end, !upcoming && index === 0 && count > 3));
    const event: DemoEvent = { id, name: EVENT_NAMES[index % EVENT_NAMES.length][0], start, end, guestIds: [], guestByUser: new Map() };
    const guests = upcoming ? rng.int(5, 30) : rng.int(guestsPerEvent[0], guestsPerEvent[1]);
    for (const user of rng.sample(people, guests)) {
      const registered = Math.min(start - 3600, rng.int(start - 40 * DEMO_DAY, start - 3600));
      const outcome = upcoming ? 'registered' : rng.weighted(ATTENDANCE);
      const steps: [string, number][] = [['registered', registered]];
      if (outcome !== 'registered') steps.push([outcome, outcome === 'cancelled' ? rng.int(registered, start) : rng.int(start, end)]);
      const guest: Doc = {
        eventRef: { eventId: id },
        userRef: { userId: user.id },
        module: { attendance: stateWithHistory(steps) },
        meta: metaOf('eventGuest', registered),
      };
      if (rng.chance(0.3)) {
        (guest.module as Doc).interview = {
          answer: [
            { questionId: 'motivation', value: rng.pick(['The music', 'My friends go', 'The food', 'Volunteering']) },
            { questionId: 'tshirt', value: rng.pick(['S', 'M', 'L', 'XL']) },
          ],
        };
      }
      if (rng.chance(0.2)) (guest.module as Doc).sorting = { groupRef: ctx.id(registered) };
      const guestId = ctx.add('eventGuest', registered, guest);
      event.guestIds.push(guestId);
      event.guestByUser.set(user.id, guestId);
    }
    events.push(event);
  }
  return events;
}

/**
 * Timeslots for the events with the timeslot module: a few per event, some holding guests, some empty,
 * and exactly one of kind 'mux' (which the API refuses to delete).
 */
export function seedTimeslots(ctx: DemoContext, events: readonly DemoEvent[], eventsWithSlots: number): number {
  const { rng } = ctx;
  let made = 0;
  let muxMade = false;
  for (const event of events.filter((_, index) => index % 3 === 0).slice(0, eventsWithSlots)) {
    const slots = rng.int(4, 6);
    const guests = rng.sample(event.guestIds, event.guestIds.length);
    for (let slot = 0; slot < slots; slot++) {
      const start = event.start + slot * 2 * 3600;
      const capacity = rng.pick([20, 25, 50, 100]);
      const empty = slot === slots - 1 || rng.chance(0.2);
      const holding = empty ? [] : guests.splice(0, rng.int(1, Math.min(capacity, 20)));
      const doc: Doc = {
        name: { full: `${event.name} ${new Date(start * 1000).toISOString().slice(11, 16)}` },
        start: moment(start),
        end: moment(start + 2 * 3600),
        eventRef: { eventId: event.id },
        eventGuestRef: holding.map((eventGuestId) => ({ eventGuestId })),
        count: { number: capacity },
        meta: metaOf('timeslot', event.start - 30 * DEMO_DAY),
      };
      if (!muxMade) {
        doc.kind = 'mux';
        doc.name = { full: `${event.name} all day (mux)` };
        muxMade = true;
      }
      ctx.add('timeslot', event.start - 30 * DEMO_DAY, doc);
      made++;
    }
  }
  return made;
}
