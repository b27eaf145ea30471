import { type DemoContext, DEMO_DAY, metaOf } from './context';

type Spec = readonly [topic: string, sortKey: string, title: string, description: string, html: string];

/** The manual: name.tag holds first the topic, then the sort key within it. */
const TUTORIALS: readonly Spec[] = [
  ['getting-started', '01', 'Your first sign-in', 'Where to find what after signing in', '<p>After signing in you land on the dashboard. The menu on the left holds every part of the back office.</p>'],
  ['getting-started', '02', 'Company settings', 'Name, logo and reply-to address', '<p>Open <b>Company</b> to set your name, logo and the reply-to email address used for every mail.</p>'],
  ['events', '01', 'Create an event', 'The quick-create wizard step by step', '<ol><li>Open Events</li><li>Click Create</li><li>Fill in name and dates</li></ol>'],
  ['events', '02', 'Timeslots', 'Divide guests over timeslots', '<p>Timeslots split an event in parts with their own capacity. A timeslot can only be deleted when it is empty.</p>'],
  ['events', '03', 'Checking in guests', 'Attendance and who may check in', '<p>Guests are checked in at the entrance with the app.</p>'],
  ['merchants', '01', 'Add a merchant', 'Bars, food stands and shops', '<p>A merchant is a place that sells products. Give it a name and a banner.</p>'],
  ['merchants', '02', 'Products and layouts', 'What the registers show', '<p>The tablet register shows 24 products. Drag products into the layout to place them.</p>'],
  ['merchants', '03', 'Live sales', 'Follow the sales per register', '<p>The live view shows sales per product and per register terminal.</p>'],
  ['finance', '01', 'Payments and transactions', 'Where the money comes from and goes', '<p>Payments add credit, transactions spend it. Only paid transactions can be refunded.</p>'],
  ['finance', '02', 'Refunds', 'Paying back leftover credit', '<p>Completed payments with credit left can be refunded online or to a bank account.</p>'],
  ['finance', '03', 'Bank files', 'Export refunds to your bank', '<p>The refund export makes SEPA files of at most 350 transfers.</p>'],
  ['communication', '01', 'Templates', 'Mail, SMS and notification templates', '<p>Templates hold the text of every message in English and Dutch.</p>'],
  ['communication', '02', 'Batch messages', 'Send to many users at once', '<p>The batch wizard renders every message before sending, and resumes after a pause.</p>'],
  ['communication', '03', 'Planned communication', 'Send later', '<p>Planned messages are sent at the chosen time; cancelling archives them.</p>'],
  ['users', '01', 'Finding users', 'Search, filters and anonymous cards', '<p>Search by name, email or phone. Anonymous cards have no personal data.</p>'],
  ['users', '02', 'Age verification', 'Accept or reject identity pictures', '<p>Review each identity picture and accept, reject or skip.</p>'],
];

export function seedTutorials(ctx: DemoContext): number {
  const createdAt = ctx.clock.yearStart - 10 * DEMO_DAY;
  TUTORIALS.forEach(([topic, sortKey, full, description, html], index) => {
    ctx.add('tutorial', createdAt + index * 60, {
      name: { full, description, tag: [topic, sortKey] },
      content: { en: html },
      meta: metaOf('tutorial', createdAt + index * 60),
    });
  });
  return TUTORIALS.length;
}
