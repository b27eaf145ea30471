import { type DemoContext, type Doc, DEMO_DAY, metaOf } from './context';
import { makeIban } from './iban';
import { ALLERGIES, BANKS, FIRST_NAMES, LAST_NAMES, STUDIES } from './names';
import type { Random } from './random';

/** Anonymous (card) accounts are recognised by this email domain (spec: "anonymous cards by an email suffix"). */
export const ANONYMOUS_EMAIL_DOMAIN = 'anonymous.cashless.test';
/** Blocked accounts carry this in their email (spec part 1 section 9). */
export const BLOCKED_MARK = '_blocked_';

export type UserKind = 'regular' | 'card' | 'anonymous' | 'blocked';

export interface DemoUser {
  id: string;
  kind: UserKind;
  name: string;
  email: string;
  phone: string | null;
  createdAt: number;
}

export interface UserMix {
  anonymous: number;
  card: number;
  blocked: number;
  regular: number;
}

export const DEFAULT_USER_MIX: UserMix = { anonymous: 14, card: 25, blocked: 3, regular: 58 };

const dateOf = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
const slug = (text: string) => text.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '');

/** A valid Dutch IBAN with its bank's BIC. */
export function randomBankAccount(rng: Random): { iban: string; bic: string } {
  const [bank, bic] = rng.pick(BANKS);
  return { iban: makeIban('NL', `${bank}0${rng.digits(9)}`), bic };
}

/**
 * The document of one app user. `index` keeps emails unique; `now` is the seeding moment.
 * Shared by the demo seed and the benchmark's user generator.
 */
export function userDoc(rng: Random, kind: UserKind, index: number, createdAt: number, now: number, companyId: string, emailDomain: string): Doc {
  const lastActiveAt = rng.int(createdAt, Math.max(createdAt, now));
  const meta = metaOf('user', createdAt, { lastActiveAt, ...(rng.chance(0.02) && { archived: true }) });
  const language = rng.chance(0.7) ? 'nl' : 'en';
  if (kind === 'anonymous') {
    const tag = rng.hex(8).toUpperCase();
    return {
      companyRef: { companyId },
      name: { full: `Card ${tag}` },
      email: { value: `card-${tag.toLowerCase()}-${index}@${ANONYMOUS_EMAIL_DOMAIN}`, valid: false, anonymous: true },
      info: { language },
      bracelet: { state: { id: 'linked' } },
      meta,
      _projectSpecific: { rights: [] },
    };
  }
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const local = `${slug(first)}.${slug(last)}${index}`;
  const email = kind === 'blocked' ? `${local}${BLOCKED_MARK}@${emailDomain}` : `${local}@${emailDomain}`;
  const birthdayUnix = now - rng.int(16 * 365, 70 * 365) * DEMO_DAY;
  const birthday = dateOf(birthdayUnix);
  const doc: Doc = {
    companyRef: { companyId },
    name: { first, last, full: `${first} ${last}` },
    birthday: { date: birthday, unix: Math.floor(Date.UTC(+birthday.slice(0, 4), +birthday.slice(5, 7) - 1, +birthday.slice(8, 10)) / 1000) },
    birthdayVerified: rng.weighted({ yes: 60, no: 5, pending: 35 }) === 'yes' ? true : rng.chance(0.15) ? false : null,
    email: { value: email, valid: rng.chance(0.9), anonymous: false },
    info: {
      language,
      gender: rng.weighted({ female: 48, male: 48, other: 4 }),
      eat: { type: rng.weighted({ all: 70, vegetarian: 18, vegan: 7, other: 5 }), ...(rng.chance(0.08) && { allergic: rng.pick(ALLERGIES) }) },
    },
    security: { qr: { value: rng.token(24) } },
    meta,
    _projectSpecific: { rights: [] },
  };
  if (rng.chance(0.85)) doc.mobile = { countrycode: '+31', value: `6${rng.digits(8)}` };
  if (kind === 'card') doc.bracelet = { state: { id: rng.weighted({ linked: 90, lost: 6, unlinked: 4 }) } };
  if (rng.chance(0.3)) {
    const account = randomBankAccount(rng);
    doc.pay = { iban: account.iban, bic: account.bic, valid: rng.chance(0.9), cardholder: `${first} ${last}`, selfService: rng.chance(0.3) };
  }
  if (rng.chance(0.35)) {
    const startYear = new Date(now * 1000).getUTCFullYear() - rng.int(0, 5);
    const completed = rng.chance(0.4);
    doc.study = {
      studentId: { value: `s${rng.digits(7)}`, verified: rng.chance(0.7) },
      history: [{ name: rng.pick(STUDIES), completed, start: `${startYear}-09-01`, ...(completed && { end: `${startYear + 3}-08-31` }) }],
    };
  }
  return doc;
}

/** `count` app users of a company: anonymous cards, card holders, blocked and regular users. */
export function seedUsers(ctx: DemoContext, count: number, emailDomain: string, mix: UserMix = DEFAULT_USER_MIX): DemoUser[] {
  const { rng, clock } = ctx;
  const users: DemoUser[] = [];
  for (let index = 1; index <= count; index++) {
    const kind = rng.weighted(mix);
    // accounts pile up over three years, more of them recently
    const createdAt = clock.now - Math.floor(Math.pow(rng.next(), 2) * 3 * 365 * DEMO_DAY) - 3600;
    const doc = userDoc(rng, kind, index, createdAt, clock.now, ctx.companyId, emailDomain);
    const id = ctx.add('user', createdAt, doc);
    const email = (doc.email as { value: string }).value;
    const mobile = doc.mobile as { countrycode: string; value: string } | undefined;
    users.push({ id, kind, name: String((doc.name as Doc).full), email, phone: mobile ? `${mobile.countrycode}${mobile.value}` : null, createdAt });
  }
  return users;
}

/** Users that are neither anonymous nor blocked: those communications, events and access go to. */
export const reachable = (users: readonly DemoUser[]) => users.filter((user) => user.kind === 'regular' || user.kind === 'card');



/**
 * Third-party users: app users with the 'third-party' right and access entries per model
 * (view or edit on one item, manage or publish on the whole model, without an item).
 */
export function grantThirdPartyAccess(ctx: DemoContext, users: readonly DemoUser[], targets: { event: string[]; page: string[]; merchant: string[] }, count: number): void {
  const { rng } = ctx;
  const rows = new Map((ctx.rows.get('user') ?? []).map((row) => [row.id, row.doc]));
  for (const user of rng.sample(users.filter((candidate) => candidate.kind === 'regular'), count)) {
    const doc = rows.get(user.id);
    if (!doc) continue;
    const access: Doc[] = [];
    if (targets.event.length > 0) access.push({ accessModel: 'event', accessScope: rng.pick(['view', 'edit']), accessId: rng.pick(targets.event) });
    if (targets.page.length > 0 && rng.chance(0.5)) access.push({ accessModel: 'page', accessScope: rng.pick(['manage', 'publish']) });
    if (targets.merchant.length > 0 && rng.chance(0.5)) access.push({ accessModel: 'merchant', accessScope: 'view', accessId: rng.pick(targets.merchant) });
    doc.accessRef = access;
    doc._projectSpecific = { rights: ['third-party'] };
  }
}
