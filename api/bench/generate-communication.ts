import type { Queryable } from '../src/database/database';
import { MAIL_OUTCOMES, SMS_OUTCOMES } from '../src/demo/communication';
import { type CompanyPlan, type Progress, SPREAD_DAYS, h, moment, numberUsers, spread, step } from './generate';

const DAY = 86_400;
/** Mail templates by how often they are sent: a newsletter to everyone down to a rare notice. */
const MAIL_TEMPLATES: Readonly<Record<string, number>> = {
  'Newsletter: Summer Festival line-up': 40, 'Your tickets for Summer Festival': 25, 'Receipt of your top-up': 15,
  'Your refund is on its way': 10, 'Welcome to the festival app': 5, 'Your visitor card': 3, 'Password reset': 1, 'Account removed': 1,
};
const SMS_TEMPLATES: Readonly<Record<string, number>> = {
  'Tomorrow: Summer Festival. Doors open at 11:00.': 60, 'Your balance is below € 5.00. Top up in the app.': 30, 'Your verification code is 123456.': 10,
};
/** Every template's id: 23 c's and its number, so the ids are valid and never collide with generated records. */
const templateIds = (templates: Readonly<Record<string, number>>, base: number) => Object.keys(templates).map((_, n) => `${'c'.repeat(22)}${(base + n).toString(16).padStart(2, '0')}`);

/**
 * The sent-mail or SMS log in SQL, as many rows as `count`: to a user of the company, from a template (skewed as
 * real sends are), dated in the spread window, in the demo's mix of delivery states. The lists' shapes (state tab,
 * recipient, template, times) are what the benchmarks sample.
 */
async function generateLog(
  db: Queryable,
  plan: CompanyPlan,
  options: { table: string; idLetter: string; count: number; templates: Readonly<Record<string, number>>; templateBase: number; outcomes: Readonly<Record<string, number>>; recipient: string; content: string },
  now: number,
  chunk: number,
  progress: Progress,
): Promise<void> {
  const span = SPREAD_DAYS * DAY;
  const users = await numberUsers(db, plan.companyId);
  const ids = templateIds(options.templates, options.templateBase);
  const texts = Object.keys(options.templates);
  const picks = spread(Object.fromEntries(texts.map((text, n) => [String(n), options.templates[text]])));
  for (let from = plan.firstRow; from < plan.firstRow + options.count; from += chunk) {
    const to = Math.min(plan.firstRow + options.count, from + chunk) - 1;
    await db.query(
      `INSERT INTO ${options.table} (id, company_id, doc)
      SELECT lpad(to_hex(s.at), 8, '0') || '${options.idLetter}' || lpad(to_hex(s.g), 15, '0'), $1, jsonb_build_object(
        'to', jsonb_build_array(jsonb_build_object('name', u.doc #>> '{name,full}', ${options.recipient}, 'userRef', jsonb_build_object('userId', u.id))),
        'templateRef', jsonb_build_object('templateId', ($6::text[])[s.template]),
        ${options.content}, ($7::text[])[s.template],
        'state', jsonb_build_object('id', s.state, 'put', jsonb_build_object('at', ${moment('s.at + 60')})),
        'stateHistory', jsonb_build_array(${step("'created'", 's.at')}, ${step('s.state', 's.at + 60')}),
        'meta', jsonb_build_object('createdAt', s.at, 'updatedAt', s.at + 60))
      FROM (
        SELECT g, $4::bigint - ${h('g * 13 + 1')} % $5::bigint AS at,
          1 + (($8::text[])[1 + ${h('g * 13 + 2')} % 100])::int AS template,
          ($9::text[])[1 + ${h('g * 13 + 3')} % 100] AS state
        FROM generate_series($2::bigint, $3::bigint) AS g
      ) s
      JOIN bench_user_number n ON n.company_id = $1 AND n.n = ${h('s.g * 13 + 4')} % $10::bigint
      JOIN "user" u ON u.company_id = $1 AND u.id = n.id`,
      [plan.companyId, from, to, now, span, ids, texts, picks, spread(options.outcomes), users],
    );
    progress(`${options.table} ${to - plan.firstRow + 1}/${options.count}`);
  }
}

/** As many sent mails as transactions. */
export function generateMails(db: Queryable, plan: CompanyPlan, now: number, chunk: number, progress: Progress): Promise<void> {
  return generateLog(db, plan, {
    table: 'communication_mail', idLetter: 'c', count: plan.transactions, templates: MAIL_TEMPLATES, templateBase: 0, outcomes: MAIL_OUTCOMES,
    recipient: `'email', u.doc #>> '{email,value}'`, content: `'subject'`,
  }, now, chunk, progress);
}

/** As many SMS as users. */
export function generateSms(db: Queryable, plan: CompanyPlan, now: number, chunk: number, progress: Progress): Promise<void> {
  return generateLog(db, plan, {
    table: 'communication_sms', idLetter: 'd', count: plan.users, templates: SMS_TEMPLATES, templateBase: 16, outcomes: SMS_OUTCOMES,
    recipient: `'phone', coalesce((u.doc #>> '{mobile,countrycode}') || (u.doc #>> '{mobile,value}'), '+31612345678')`, content: `'body'`,
  }, now, chunk, progress);
}
