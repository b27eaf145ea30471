import { findResource } from '@backoffice/resources';
import type { Database, Queryable } from '../database/database';
import { tableName } from '../database/naming';
import { analyzeTables, tablesToAnalyze } from '../database/table-statistics';
import { withoutDerivedTriggers } from '../database/without-derived-triggers';
import { withoutIndexes } from '../database/without-indexes';
import { seedFinance } from './finance';
import { seedMails, seedPushTokens, seedSms } from './communication';
import { type DemoClock, DemoContext, demoClock, insertRows } from './context';
import { seedEvents, seedTimeslots } from './events';
import { DemoImages, PICTURED_MODELS } from './images';
import { seedLocations } from './locations';
import { seedMerchants } from './merchants';
import { seedPages } from './pages';
import { seedSavedViews } from './saved-views';
import { seedWebhooks } from './webhooks';
import { Random } from './random';
import { DEMO_PASSWORD, DEMO_SIGN_INS, type DemoSignIn } from './sign-ins';
import { createCompanyWithStaff } from './staff';
import { seedTasks } from './tasks';
import { seedTemplates } from './templates';
import { seedTutorials } from './tutorials';
import { seedCompanyUpdates } from './updates';
import { grantThirdPartyAccess, seedUsers } from './users';

/** How much of everything one demo company gets. */
export interface DemoScale {
  users: number;
  events: number;
  guestsPerEvent: readonly [number, number];
  eventsWithTimeslots: number;
  merchants: number;
  payments: number;
  transactions: number;
  mails: number;
  sms: number;
  pushTokenShare: number;
  tasks: number;
  thirdParty: number;
  /** locations, pages, videos, tutorials and what's new */
  content: boolean;
}

export const DEMO_EVENTS_SCALE: DemoScale = {
  users: 2000, events: 13, guestsPerEvent: [60, 220], eventsWithTimeslots: 3, merchants: 8, payments: 10_000, transactions: 50_000,
  mails: 3000, sms: 800, pushTokenShare: 0.35, tasks: 12, thirdParty: 4, content: true,
};

export const OTHER_FESTIVAL_SCALE: DemoScale = {
  users: 60, events: 2, guestsPerEvent: [10, 30], eventsWithTimeslots: 1, merchants: 2, payments: 150, transactions: 600,
  mails: 40, sms: 10, pushTokenShare: 0.2, tasks: 3, thirdParty: 1, content: false,
};

export const DEMO_COMPANY_NAME_ID = 'demo-events';
export const OTHER_COMPANY_NAME_ID = 'other-festival';
const SEED_LOCK = 724_302;

/** Company settings of the demo: euro, two languages, email sign-in, an accounting contact and a debtor account for bank files. */
function companySettings(nameId: string, full: string) {
  return {
    settings: {
      payment: { currencySymbol: '€', currencyExchangeRate: 1, cupRetourPolicy: 'company-cup-credit' },
      moneybird: { contactId: '380000000000000001', workflowId: '380000000000000002' },
      bank: { debtorName: full, debtorIban: 'NL91ABNA0417164300', debtorBic: 'ABNANL2A' },
      userPasswordMinLength: 8,
      selfService: true,
      userImageIdentity: true,
      userFileCv: false,
      authentication: { email: { active: true }, surfConext: { active: false }, google: { active: true }, linkedIn: { active: false } },
      event: { groupScore: { active: false }, moduleInterviewUploadFile: { active: false }, moduleInterviewUploadImage: { active: true }, moduleInterviewGroupIdSelect: { active: false } },
      localization: ['en', 'nl'],
      profileWelcomeMessage: `Welcome to ${full}!`,
    },
    application: { tabs: { values: ['home', 'wallet', 'events', 'map', 'profile'] }, store: { title: full } },
    name: { id: nameId, full, abbr: full.split(' ').map((word) => word[0]).join('').toUpperCase() },
  };
}

/** Everything of one company, generated in memory from a seeded generator. */
export function buildCompanyData(companyId: string, nameId: string, scale: DemoScale, clock: DemoClock): DemoContext {
  const ctx = new DemoContext(companyId, new Random(nameId), clock);
  const users = seedUsers(ctx, scale.users, `${nameId}.test`);
  const events = seedEvents(ctx, scale.events, users, scale.guestsPerEvent);
  seedTimeslots(ctx, events, scale.eventsWithTimeslots);
  const merchants = seedMerchants(ctx, scale.merchants);
  seedFinance(ctx, users, events, merchants, { payments: scale.payments, transactions: scale.transactions });
  const templates = seedTemplates(ctx);
  seedMails(ctx, scale.mails, users, templates);
  seedSms(ctx, scale.sms, users, templates);
  seedPushTokens(ctx, users, scale.pushTokenShare);
  seedTasks(ctx, users, templates, scale.tasks);
  const pageIds = scale.content ? seedPages(ctx) : [];
  if (scale.content) {
    seedLocations(ctx, pageIds);
    seedTutorials(ctx);
    seedCompanyUpdates(ctx);
  }
  grantThirdPartyAccess(ctx, users, { event: events.map((event) => event.id), page: pageIds, merchant: merchants.map((merchant) => merchant.id) }, scale.thirdParty);
  return ctx;
}

/** Blocked users also sit in the company's block list (besides '_blocked_' in their email). */
async function listBlockedUsers(db: Queryable, ctx: DemoContext): Promise<void> {
  const blocked = (ctx.rows.get('user') ?? [])
    .filter((row) => String((row.doc.email as { value: string }).value).includes('_blocked_'))
    .slice(0, 10)
    .map((row) => ({ userId: row.id }));
  await db.query(`UPDATE company SET doc = jsonb_set(doc, '{userBlockedRef}', $2::jsonb) WHERE id = $1`, [ctx.companyId, JSON.stringify(blocked)]);
}

export async function demoCompanyExists(db: Queryable): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM company WHERE doc #>> '{name,id}' = $1 LIMIT 1`, [DEMO_COMPANY_NAME_ID]);
  return rows.length > 0;
}

/**
 * Seeds the demo companies ('Demo Events' and the small 'Other Festival') with staff sign-ins and data for
 * every model; does nothing when the demo company exists. Safe when several processes start at once.
 */
export async function seedDemo(db: Database, options: { now?: Date } = {}): Promise<DemoSignIn[]> {
  const signIns = DEMO_SIGN_INS.map((signIn) => ({ role: signIn.role, email: signIn.email, password: DEMO_PASSWORD }));
  if (await demoCompanyExists(db)) return signIns;
  const clock = demoClock(options.now);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await demoCompanyExists(tx)) return;
    const demo = await createCompanyWithStaff(tx, DEMO_COMPANY_NAME_ID, 'Demo Events', (role) => DEMO_SIGN_INS.find((s) => s.role === role)!.email, DEMO_PASSWORD, companySettings(DEMO_COMPANY_NAME_ID, 'Demo Events'));
    const other = await createCompanyWithStaff(tx, OTHER_COMPANY_NAME_ID, 'Other Festival', (role) => `${role.toLowerCase()}@other.test`, DEMO_PASSWORD, companySettings(OTHER_COMPANY_NAME_ID, 'Other Festival'));
    const contexts = [
      buildCompanyData(demo.companyId, DEMO_COMPANY_NAME_ID, DEMO_EVENTS_SCALE, clock),
      buildCompanyData(other.companyId, OTHER_COMPANY_NAME_ID, OTHER_FESTIVAL_SCALE, clock),
    ];
    seedSavedViews(contexts[0], demo.userIds);
    seedSavedViews(contexts[1], other.userIds);
    seedWebhooks(contexts[0]);
    seedWebhooks(contexts[1]);
    const images = contexts.map((ctx) => new DemoImages(ctx));
    // the pictures render on libuv's threads while the database takes the rows they do not touch
    const rendering = Promise.all([images[0].render('Demo Events'), images[1].render('Other Festival')]);
    // awaited below, after the other rows: until then a failure must not count as unhandled
    rendering.catch(() => undefined);
    const pictured = (model: string) => PICTURED_MODELS.includes(model);
    // a fresh database: the rows go in with the indexes dropped and the triggers that keep derived rows off; the
    // derived rows and then the indexes are built once afterwards
    const tables = [...new Set([...PICTURED_MODELS, ...contexts.flatMap((ctx) => [...ctx.rows.keys()])])].map((model) => tableName(findResource(model)!));
    const companies = contexts.map((ctx) => ctx.companyId);
    await withoutIndexes(tx, tables, () =>
      withoutDerivedTriggers(tx, companies, async () => {
        await insertRows(tx, contexts, (model) => !pictured(model));
        await rendering;
        await insertRows(tx, contexts, pictured);
      }),
    );
    for (const image of images) await image.store(tx);
    for (const ctx of contexts) await listBlockedUsers(tx, ctx);
  });
  // the planner's statistics of the tables just filled, before the first list is read from them
  await analyzeTables(db, await tablesToAnalyze(db));
  return signIns;
}
