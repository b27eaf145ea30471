import type { Queryable } from './database';

/**
 * Runs `work` while holding the named lease, or throws `busy()` when another request holds it: one holder at a
 * time across every API process, without a transaction held open while the work calls an outside service (on the
 * embedded database a transaction holds the whole database). A holder that died frees it after `seconds`.
 */
export async function withLease<T>(db: Queryable, name: string, seconds: number, busy: () => Error, work: () => Promise<T>): Promise<T> {
  const [taken] = await db.query(
    `INSERT INTO lease (name, expires_at) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (name) DO UPDATE SET expires_at = excluded.expires_at WHERE lease.expires_at < now() RETURNING 1`,
    [name, seconds],
  );
  if (!taken) throw busy();
  try {
    return await work();
  } finally {
    await db.query('DELETE FROM lease WHERE name = $1', [name]);
  }
}
