import { type DemoContext, DEMO_DAY, metaOf } from './context';

/** "What's new" items; the date shown is the one in the id. */
const UPDATES = [
  ['New finance overview', 'feature', '<p>Totals per payment type and state at a glance, for any period.</p>'],
  ['Live register chart', 'feature', '<p>Follow sales per register terminal per minute, 10 minutes or hour.</p>'],
  ['Faster user search', 'improvement', '<p>Searching users by phone number is now instant.</p>'],
  ['Planned communication', 'feature', '<p>Schedule mails, SMS and notifications for later.</p>'],
  ['Bank file export', 'feature', '<p>Export refunds as SEPA files, 350 transfers per file.</p>'],
  ['Tablet layout fix', 'fix', '<p>Empty slots in the tablet layout are kept when saving.</p>'],
  ['Dutch translation', 'improvement', '<p>The back office now speaks Dutch too.</p>'],
  ['Timeslot import', 'feature', '<p>Import timeslots from a spreadsheet.</p>'],
] as const;

export function seedCompanyUpdates(ctx: DemoContext): number {
  const { clock } = ctx;
  const step = Math.max(DEMO_DAY, Math.floor((clock.spreadEnd - clock.yearStart) / UPDATES.length));
  UPDATES.forEach(([full, tag, html], index) => {
    const at = Math.min(clock.now - DEMO_DAY, clock.yearStart + index * step + 9 * 3600);
    ctx.add('companyUpdate', at, { name: { full, tag }, content: { en: html }, meta: metaOf('companyUpdate', at) });
  });
  return UPDATES.length;
}
