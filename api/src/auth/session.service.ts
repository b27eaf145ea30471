import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../common/tokens';
import type { AppConfig } from '../config';
import { DATABASE, type Database, type Queryable, namedStatement } from '../database/database';
import type { Actor } from './actor';
import { personRights, platformRights } from '@backoffice/resources';
import { accessEntriesOf, isBlocked } from './company-rights';

type Doc = Record<string, unknown>;

export interface SessionUser {
  token: string;
  /** the token's hash, as stored */
  key: string;
  userId: string;
  companyId: string;
  user: Doc;
  company: Doc;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Every request runs it: planning its joins cost more than running them, so the server keeps its plan. */
const SESSION_LOOKUP = namedStatement(
  'session_lookup',
  `SELECT s.user_id, s.company_id, u.doc AS user_doc, c.doc AS company_doc
     FROM auth_session s
     JOIN "user" u ON u.company_id = s.company_id AND u.id = s.user_id
     JOIN company c ON c.company_id = s.company_id AND c.id = s.company_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
);

/** People whose sessions end: every session of `every`, every session but the one kept (the actor's own) of `others`. */
export interface EndedPeople {
  every: readonly string[];
  others: readonly string[];
}

/** Ends the open sessions of these people for good (a revoked session never comes back); answers how many ended. */
export async function endSessions(tx: Queryable, companyId: string, people: EndedPeople, keptSessionKey: string | null): Promise<number> {
  if (people.every.length === 0 && people.others.length === 0) return 0;
  const rows = await tx.query<{ ended: number }>(
    `WITH ended AS (UPDATE auth_session SET revoked_at = now()
       WHERE company_id = $1 AND revoked_at IS NULL
         AND (user_id = ANY($2::text[]) OR (user_id = ANY($3::text[]) AND token_hash IS DISTINCT FROM $4)) RETURNING 1)
     SELECT count(*)::int AS ended FROM ended`,
    [companyId, people.every, people.others, keptSessionKey],
  );
  return rows[0]?.ended ?? 0;
}

/** Opaque random session tokens; only their hashes are stored, so a database leak yields no sessions. */
@Injectable()
export class SessionService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new session; `lifetimeMs` makes a short-lived one (e.g. for the blocks editor) instead of a sign-in session. */
  async open(userId: string, companyId: string, lifetimeMs = this.config.sessionDays * 86_400_000): Promise<{ token: string; expires: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + lifetimeMs);
    await this.db.query('INSERT INTO auth_session (token_hash, user_id, company_id, expires_at) VALUES ($1, $2, $3, $4)', [hashToken(token), userId, companyId, expires]);
    return { token, expires };
  }

  async revoke(token: string): Promise<void> {
    await this.db.query('UPDATE auth_session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [hashToken(token)]);
  }

  /** The signed-in user behind a token, in one round trip, or null when unknown, expired, revoked or blocked. */
  async resolve(token: string): Promise<SessionUser | null> {
    const key = hashToken(token);
    const rows = await this.db.query<{ user_id: string; company_id: string; user_doc: Doc; company_doc: Doc }>(SESSION_LOOKUP, [key]);
    const row = rows[0];
    if (!row) return null;
    if ((row.user_doc.meta as Doc | undefined)?.archived || isBlocked(row.company_doc, row.user_id, row.user_doc)) return null;
    return { token, key, userId: row.user_id, companyId: row.company_id, user: row.user_doc, company: row.company_doc };
  }

  actorOf(session: SessionUser, actingCompanyId: string): Actor {
    return {
      userId: session.userId,
      companyId: actingCompanyId,
      homeCompanyId: session.companyId,
      rights: personRights(session.user, session.userId, session.company),
      access: accessEntriesOf(session.user),
      thirdParty: platformRights(session.user).includes('third-party'),
      sessionKey: session.key,
    };
  }
}
