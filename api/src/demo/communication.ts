import { MASK } from '../communication/delivery/message-secrets';
import { type DemoContext, type Doc, DEMO_DAY, metaOf, stateWithHistory } from './context';
import type { DemoTemplate } from './templates';
import { reachable, type DemoUser } from './users';

/** How a mail ends up, and the path of states that leads there. */
const MAIL_PATHS: Record<string, readonly string[]> = {
  created: ['created'],
  'mg-accepted': ['created', 'mg-accepted'],
  'mg-delivered': ['created', 'mg-accepted', 'mg-delivered'],
  'mg-opened': ['created', 'mg-accepted', 'mg-delivered', 'mg-opened'],
  'mg-clicked': ['created', 'mg-accepted', 'mg-delivered', 'mg-opened', 'mg-clicked'],
  'mg-rejected': ['created', 'mg-rejected'],
  'mg-failed': ['created', 'mg-accepted', 'mg-failed'],
  'mg-complained': ['created', 'mg-accepted', 'mg-delivered', 'mg-opened', 'mg-complained'],
  'mg-unsubscribed': ['created', 'mg-accepted', 'mg-delivered', 'mg-opened', 'mg-unsubscribed'],
};
export const MAIL_OUTCOMES = {
  created: 3, 'mg-accepted': 6, 'mg-delivered': 34, 'mg-opened': 24, 'mg-clicked': 12,
  'mg-rejected': 5, 'mg-failed': 7, 'mg-complained': 3, 'mg-unsubscribed': 6,
} as const;

/** How an SMS ends up (states of the SMS definition), and the path of states that leads there. */
const SMS_PATHS: Record<string, readonly string[]> = {
  created: ['created'],
  sent: ['created', 'sent'],
  delivered: ['created', 'sent', 'delivered'],
  expired: ['created', 'sent', 'buffered', 'expired'],
  delivery_failed: ['created', 'sent', 'buffered', 'delivery_failed'],
  failed: ['created', 'failed'],
};
export const SMS_OUTCOMES = { created: 3, sent: 10, delivered: 75, expired: 2, delivery_failed: 4, failed: 6 } as const;

function steps(ctx: DemoContext, path: readonly string[], at: number): [string, number][] {
  let time = at;
  return path.map((id, index) => {
    if (index > 0) time += index < 3 ? ctx.rng.int(1, 120) : ctx.rng.int(60, 3 * DEMO_DAY);
    return [id, Math.min(time, ctx.clock.now)];
  });
}

/** Sent mails with delivery histories ending in every state, from the mail templates. */
export function seedMails(ctx: DemoContext, count: number, users: readonly DemoUser[], templates: readonly DemoTemplate[]): void {
  const { rng } = ctx;
  const people = reachable(users);
  const mailTemplates = templates.filter((template) => template.kind === 'mail');
  if (people.length === 0 || mailTemplates.length === 0) return;
  for (let i = 0; i < count; i++) {
    const user = rng.pick(people);
    const template = rng.pick(mailTemplates);
    const at = Math.max(user.createdAt, ctx.inYear());
    const outcome = rng.weighted(MAIL_OUTCOMES);
    const doc: Doc = {
      subject: template.subject.replace('{{ event.name.full }}', 'Summer Festival').replace('{{ payment.amount.euro }}', `€ ${rng.pick([10, 20, 25, 50])}.00`),
      to: [{ name: user.name, email: user.email, userRef: { userId: user.id } }],
      templateRef: { templateId: template.id },
      ...stateWithHistory(steps(ctx, MAIL_PATHS[outcome], at)),
      meta: metaOf('communicationMail', at),
    };
    if (outcome !== 'created') doc.publicId = `<${new Date(at * 1000).toISOString().slice(0, 10).replace(/-/g, '')}.${rng.hex(16)}@mg.demo-events.test>`;
    ctx.add('communicationMail', at, doc);
  }
}

/** Sent text messages to users with a phone number, in every delivery state. */
export function seedSms(ctx: DemoContext, count: number, users: readonly DemoUser[], templates: readonly DemoTemplate[]): void {
  const { rng } = ctx;
  const people = reachable(users).filter((user) => user.phone);
  const smsTemplates = templates.filter((template) => template.kind === 'sms');
  if (people.length === 0 || smsTemplates.length === 0) return;
  const bodies: Record<string, string> = {
    'Event reminder': 'Tomorrow: Summer Festival. Doors open at 11:00. Top up in the app to skip the queue!',
    'Low balance': 'Your balance is below € 5.00. Top up in the app.',
  };
  for (let i = 0; i < count; i++) {
    const user = rng.pick(people);
    const template = rng.pick(smsTemplates);
    const at = Math.max(user.createdAt, ctx.inYear());
    ctx.add('communicationSms', at, {
      to: [{ name: user.name, phone: user.phone, userRef: { userId: user.id } }],
      templateRef: { templateId: template.id },
      // the log keeps verification codes masked (communication/delivery/message-secrets.ts)
      body: bodies[template.name] ?? `Your verification code is ${MASK}.`,
      ...stateWithHistory(steps(ctx, SMS_PATHS[rng.weighted(SMS_OUTCOMES)], at)),
      meta: metaOf('communicationSms', at),
    });
  }
}

/** Push tokens of app users (Expo tokens), one or two devices each. */
export function seedPushTokens(ctx: DemoContext, users: readonly DemoUser[], share: number): number {
  const { rng } = ctx;
  let made = 0;
  for (const user of reachable(users)) {
    if (!rng.chance(share)) continue;
    const devices = rng.chance(0.1) ? 2 : 1;
    for (let device = 0; device < devices; device++) {
      const at = rng.int(user.createdAt, ctx.clock.now);
      ctx.add('pushToken', at, {
        token: `ExponentPushToken[${rng.token(22)}]`,
        expoSlug: 'demo-events-app',
        userRef: { userId: user.id },
        meta: metaOf('pushToken', at),
      });
      made++;
    }
  }
  return made;
}
