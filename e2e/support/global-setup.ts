import { parseSignIns, ensureBuilt, startStack, writeState, type StackState } from './stack';

/**
 * Starts the real stack on a fresh embedded database, unless E2E_BASE_URL points at a running one
 * (then E2E_SIGN_INS may hold the printed `role, email, password` lines).
 */
export default async function globalSetup(): Promise<void> {
  let state: StackState;
  if (process.env.E2E_BASE_URL) {
    state = { baseURL: process.env.E2E_BASE_URL, signIns: parseSignIns(process.env.E2E_SIGN_INS ?? '') };
  } else {
    ensureBuilt();
    const started = await startStack();
    started.child.unref();
    state = started.state;
  }
  if (state.signIns.length === 0) {
    const roles = ['super', 'company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];
    state.signIns = roles.map((role) => ({ role, email: `${role.toLowerCase()}@demo.test`, password: 'demo-password' }));
  }
  writeState(state);
}
