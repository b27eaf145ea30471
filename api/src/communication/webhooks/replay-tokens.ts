import type { Queryable } from '../../database/database';

/**
 * Takes the one-time token of a signed webhook call (Mailgun's token, the SMS provider's JWT id): true the first
 * time, false for a replay. Tokens are kept twice the accepted age window; older calls are refused by their time.
 */
export async function takeReplayToken(db: Queryable, provider: string, token: string, windowSeconds: number): Promise<boolean> {
  await db.query(`DELETE FROM webhook_replay_token WHERE seen_at < now() - make_interval(secs => $1)`, [2 * windowSeconds]);
  const taken = await db.query('INSERT INTO webhook_replay_token (provider, token) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING token', [provider, token]);
  return taken.length > 0;
}
