import type { Database } from '../database/database';
import { DEMO_PASSWORD, DEMO_SIGN_INS, type DemoSignIn } from './sign-ins';
import { createCompanyWithStaff } from './staff';

/** Seeds the demo companies on an empty database; does nothing when a company exists. */
export async function seedDemo(db: Database): Promise<DemoSignIn[]> {
  const signIns = DEMO_SIGN_INS.map((signIn) => ({ role: signIn.role, email: signIn.email, password: DEMO_PASSWORD }));
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM company');
  if (count > 0) return signIns;
  await db.transaction(async (tx) => {
    await createCompanyWithStaff(tx, 'demo-events', 'Demo Events', (role) => DEMO_SIGN_INS.find((s) => s.role === role)!.email);
    await createCompanyWithStaff(tx, 'other-festival', 'Other Festival', (role) => `${role.toLowerCase()}@other.test`);
  });
  return signIns;
}
