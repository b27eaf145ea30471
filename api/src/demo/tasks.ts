import { type DemoContext, type Doc, DEMO_DAY, metaOf } from './context';
import type { DemoTemplate } from './templates';
import { reachable, type DemoUser } from './users';

const TYPES = ['scheduled-mail', 'scheduled-sms', 'scheduled-notification'] as const;
type TaskType = (typeof TYPES)[number];

function recipients(type: TaskType, users: readonly DemoUser[]): Doc[] {
  return users.map((user) =>
    type === 'scheduled-sms' ? { userRef: { userId: user.id }, name: user.name, phone: user.phone } : { userRef: { userId: user.id }, name: user.name, email: user.email });
}

/**
 * Planned communications (worker tasks): args[0] the recipients, args[1] the messages with their subjects.
 * Upcoming ones are active; a few past ones ran already (inactive) and one was cancelled (archived).
 */
export function seedTasks(ctx: DemoContext, users: readonly DemoUser[], templates: readonly DemoTemplate[], count: number): number {
  const { rng, clock } = ctx;
  const people = reachable(users);
  if (people.length === 0) return 0;
  for (let index = 0; index < count; index++) {
    const type = TYPES[index % TYPES.length];
    const kind = type.replace('scheduled-', '');
    const template = templates.find((candidate) => candidate.kind === kind);
    const past = index % 4 === 3;
    const cancelled = index === 1;
    const next = past ? clock.now - rng.int(2, 60) * DEMO_DAY : clock.now + rng.int(1, 45) * DEMO_DAY + rng.int(0, 23) * 3600;
    const createdAt = Math.min(clock.now - 3600, next - rng.int(1, 10) * DEMO_DAY);
    const to = rng.sample(type === 'scheduled-sms' ? people.filter((user) => user.phone) : people, rng.int(1, 40));
    const subject = template?.subject || 'See you at the festival';
    const message: Doc = {
      ...(template && { templateRef: { templateId: template.id } }),
      subject: { en: subject, nl: subject },
      content: { en: `Planned ${kind} ${index + 1}`, nl: `Gepland bericht ${index + 1}` },
    };
    ctx.add('workerTask', createdAt, {
      next,
      routine: { active: !past && !cancelled },
      actionMethod: { nameCommon: type, nameUnique: `${subject} (${new Date(next * 1000).toISOString().slice(0, 10)})`, args: [recipients(type, to), [message]] },
      meta: metaOf('workerTask', createdAt, { archived: cancelled }),
    });
  }
  return count;
}
