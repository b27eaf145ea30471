import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { DATABASE, type Database } from '../database/database';
import { hashPassword, verifyPassword } from './passwords';
import { SessionService } from './session.service';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MINUTES = 15;

type Doc = Record<string, unknown>;

/** Email and password sign-in, limited to 10 failures per email in 15 minutes. */
@Injectable()
export class SignInService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly sessions: SessionService,
  ) {}

  private readonly dummyHash = hashPassword('not a password of anyone');

  async signIn(email: string, password: string): Promise<{ token: string; expires: Date; userId: string; companyId: string }> {
    const normalised = email.trim().toLowerCase();
    const [{ failures, oldest }] = await this.db.query<{ failures: number; oldest: Date | null }>(
      `SELECT count(*)::int AS failures, min(at) AS oldest FROM auth_failure WHERE email = $1 AND at > now() - make_interval(mins => $2)`,
      [normalised, FAILURE_WINDOW_MINUTES],
    );
    if (failures >= MAX_FAILURES) {
      const waitMinutes = Math.max(1, Math.ceil((new Date(oldest!).getTime() + FAILURE_WINDOW_MINUTES * 60_000 - Date.now()) / 60_000));
      throw new HttpException({ message: `Too many failed sign-ins for this email. Try again in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.` }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const candidates = await this.db.query<{ id: string; company_id: string; doc: Doc }>(
      `SELECT id, company_id, doc FROM "user" WHERE email_value = $1 AND NOT coalesce(meta_archived, false)`,
      [normalised],
    );
    // an unknown email costs as much time as a wrong password, so timing does not tell which emails exist
    if (candidates.length === 0) await verifyPassword(await this.dummyHash, password);
    for (const candidate of candidates) {
      const stored = ((candidate.doc.security as Doc | undefined)?.password as Doc | undefined)?.value;
      if (await verifyPassword(stored, password)) {
        const session = await this.sessions.open(candidate.id, candidate.company_id);
        return { ...session, userId: candidate.id, companyId: candidate.company_id };
      }
    }
    await this.db.query('INSERT INTO auth_failure (email) VALUES ($1)', [normalised]);
    throw new UnauthorizedException({ message: 'Invalid email or password' });
  }
}
