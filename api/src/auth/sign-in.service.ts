import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { APP_CONFIG } from '../common/tokens';
import type { AppConfig } from '../config';
import { DATABASE, type Database } from '../database/database';
import { DEMO_PASSWORD } from '../demo/sign-ins';
import { hashPassword, verifyPassword } from './passwords';
import { SessionService } from './session.service';

/** Failures of one email from one client address before that pair must wait. */
export const MAX_FAILURES = 10;
/** Failures from one client address, whatever the emails, before that address must wait. */
export const MAX_ADDRESS_FAILURES = 50;
export const FAILURE_WINDOW_MINUTES = 15;

type Doc = Record<string, unknown>;

const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

/**
 * Email and password sign-in. Failures are kept in the database (so every API process sees them) and counted
 * per email and client address, and per client address: guessing from one address locks that address out,
 * never the account's owner signing in from elsewhere.
 */
@Injectable()
export class SignInService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionService,
  ) {}

  private readonly dummyHash = hashPassword('not a password of anyone');

  async signIn(email: string, password: string, address: string): Promise<{ token: string; expires: Date; userId: string; companyId: string }> {
    const normalised = email.trim().toLowerCase();
    await this.refuseWhenThrottled(normalised, address);
    const candidates = await this.db.query<{ id: string; company_id: string; doc: Doc }>(
      `SELECT id, company_id, doc FROM "user" WHERE email_value = $1 AND NOT coalesce(meta_archived, false)`,
      [normalised],
    );
    // the demo's password is public: production takes it for no one, whatever a database holds
    const usable = this.config.production && password === DEMO_PASSWORD ? [] : candidates;
    // an unknown email costs as much time as a wrong password, so timing does not tell which emails exist
    if (usable.length === 0) await verifyPassword(await this.dummyHash, password);
    for (const candidate of usable) {
      const stored = ((candidate.doc.security as Doc | undefined)?.password as Doc | undefined)?.value;
      if (await verifyPassword(stored, password)) {
        const session = await this.sessions.open(candidate.id, candidate.company_id);
        return { ...session, userId: candidate.id, companyId: candidate.company_id };
      }
    }
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM auth_failure WHERE (email = $1 OR address = $2) AND at <= now() - make_interval(mins => $3)', [normalised, address, FAILURE_WINDOW_MINUTES]);
      await tx.query('INSERT INTO auth_failure (email, address) VALUES ($1, $2)', [normalised, address]);
    });
    throw new UnauthorizedException({ message: 'Invalid email or password' });
  }

  private async refuseWhenThrottled(email: string, address: string): Promise<void> {
    const [counts] = await this.db.query<{ pair: number; pair_oldest: Date | null; address: number; address_oldest: Date | null }>(
      `SELECT count(*) FILTER (WHERE email = $1)::int AS pair, min(at) FILTER (WHERE email = $1) AS pair_oldest,
              count(*)::int AS address, min(at) AS address_oldest
         FROM auth_failure WHERE address = $2 AND at > now() - make_interval(mins => $3)`,
      [email, address, FAILURE_WINDOW_MINUTES],
    );
    const wait = (oldest: Date | null) => Math.max(1, Math.ceil((new Date(oldest!).getTime() + FAILURE_WINDOW_MINUTES * 60_000 - Date.now()) / 60_000));
    if (counts.pair >= MAX_FAILURES) {
      throw new HttpException({ message: `Too many failed sign-ins for this email. Try again in ${minutes(wait(counts.pair_oldest))}.` }, HttpStatus.TOO_MANY_REQUESTS);
    }
    if (counts.address >= MAX_ADDRESS_FAILURES) {
      throw new HttpException({ message: `Too many failed sign-ins from your network address. Try again in ${minutes(wait(counts.address_oldest))}.` }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
