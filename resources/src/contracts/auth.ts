import type { AccessEntry } from '../rights';
import { RIGHTS, type Right } from '../types';
import type { ServiceOff } from './installation';
import { jsonSchema as s, type Schema } from './schema';

/** Sign-in answers (api/src/auth), shared by the API and the admin. */

const objectIdSchema = s.objectId();

/** POST /api/auth/login: the session's token (also set as the httpOnly cookie) and whose it is. */
export interface SignIn {
  token: string;
  /** ISO 8601 */
  expires: string;
  userId: string;
  companyId: string;
}

export const signInSchema: Schema<SignIn> = s.named(
  'SignIn',
  s.object({ token: s.string(), expires: s.string({ format: 'date-time' }), userId: objectIdSchema, companyId: objectIdSchema }),
);

export const signInBodySchema = s.named('SignInBody', s.object({ email: s.string({ minLength: 1 }), password: s.string({ minLength: 1 }) }));

const accessEntrySchema: Schema<AccessEntry> = s.object({ accessModel: s.string(), accessScope: s.enum(['view', 'edit', 'manage', 'publish']), accessId: s.nullable(s.string()) });
const serviceOffSchema: Schema<ServiceOff> = s.object({
  service: s.enum(['paynl', 'moneybird', 'lockerCompany', 'aiImage', 'mailgun', 'sms', 'expoPush']),
  message: s.string(),
});

/** GET /api/auth/me: who is signed in, in which company, with which rights. */
export interface SignedIn {
  user: { _id: string; email: string | null; name: Record<string, unknown> };
  company: { _id: string; name: Record<string, unknown>; settings: { payment: Record<string, unknown> } };
  homeCompanyId: string;
  rights: Right[];
  thirdParty: boolean;
  access: AccessEntry[];
  /** super admins: every company, to switch to */
  companies?: { _id: string; name: unknown }[];
  servicesOff: ServiceOff[];
  /** the installation's map tiles where the company sets none (a URL template); null: maps without tiles */
  mapTiles: string | null;
}

export const signedInSchema: Schema<SignedIn> = s.named(
  'SignedIn',
  s.object(
    {
      user: s.object({ _id: objectIdSchema, email: s.nullable(s.string()), name: s.record(s.any()) }),
      company: s.object({ _id: objectIdSchema, name: s.record(s.any()), settings: s.object({ payment: s.record(s.any()) }) }),
      homeCompanyId: objectIdSchema,
      rights: s.array(s.enum(RIGHTS)),
      thirdParty: s.boolean(),
      access: s.array(accessEntrySchema),
      companies: s.array(s.object({ _id: objectIdSchema, name: s.any() })),
      servicesOff: s.array(serviceOffSchema),
      mapTiles: s.nullable(s.string()),
    },
    { optional: ['companies'] },
  ),
);
