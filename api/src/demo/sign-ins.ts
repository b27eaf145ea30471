import type { Right } from '@backoffice/resources';
import type { Queryable } from '../database/database';

export const DEMO_PASSWORD = 'demo-password';

/** One demo sign-in per admin right, plus a super admin. */
export const DEMO_SIGN_INS: readonly { role: Right; email: string; first: string; last: string }[] = [
  { role: 'super', email: 'super@demo.test', first: 'Sam', last: 'Super' },
  { role: 'company', email: 'company@demo.test', first: 'Cora', last: 'Company' },
  { role: 'application', email: 'application@demo.test', first: 'Abel', last: 'Application' },
  { role: 'merchant', email: 'merchant@demo.test', first: 'Mira', last: 'Merchant' },
  { role: 'finance', email: 'finance@demo.test', first: 'Finn', last: 'Finance' },
  { role: 'user', email: 'user@demo.test', first: 'Uma', last: 'User' },
  { role: 'event', email: 'event@demo.test', first: 'Eva', last: 'Event' },
  { role: 'financeNonRefundable', email: 'financenonrefundable@demo.test', first: 'Noor', last: 'Nonrefundable' },
];

export interface DemoSignIn {
  role: string;
  email: string;
  password: string;
}

/** The demo's sign-ins that a database holds (by email; their password is public). */
export async function demoAccountsIn(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ email: string }>('SELECT email_value AS email FROM "user" WHERE email_value = ANY($1::text[])', [DEMO_SIGN_INS.map((signIn) => signIn.email)]);
  return rows.map((row) => row.email);
}
