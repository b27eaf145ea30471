import { findResource } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { conflict } from '../common/errors';
import { newId } from '../common/object-id';
import type { Database } from '../database/database';
import type { WritePipeline } from '../records/write-pipeline';

/** Who the audit log names for writes made by the command line (`npm run admin:create`). */
export const COMMAND_LINE_USER_ID = 'ffffffffffffffffffffffff';

export interface SuperAdminInput {
  email: string;
  firstName: string;
  lastName: string;
  /** the company to join, by name; made when no company has it */
  company: string;
  password: string;
}

const slug = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'company';

/**
 * A super admin, and their company when it is new, written through the write pipeline (validation, hooks, the
 * password hashed, audit) as a domain write of the command line. Refuses an email that signs in already.
 */
export async function createSuperAdmin(db: Database, pipeline: WritePipeline, input: SuperAdminInput): Promise<{ userId: string; companyId: string; companyCreated: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [taken] = await db.query('SELECT 1 FROM "user" WHERE email_value = $1', [email]);
  if (taken) throw conflict(`A person with the email ${email} exists already`);
  const [existing] = await db.query<{ id: string }>(`SELECT id FROM company WHERE lower(doc #>> '{name,full}') = lower($1) ORDER BY id LIMIT 1`, [input.company.trim()]);
  const companyId = existing?.id ?? newId();
  const actor: Actor = { userId: COMMAND_LINE_USER_ID, companyId, homeCompanyId: companyId, rights: new Set(['super']), access: [], thirdParty: false };
  if (!existing) {
    const name = input.company.trim();
    await pipeline.writeOne(findResource('company')!, actor, {
      before: null,
      id: companyId,
      input: { name: { id: slug(name), full: name, abbr: name.slice(0, 3).toUpperCase() }, email: { value: email }, settings: { payment: { currencySymbol: '€', currencyExchangeRate: 1 } } },
    }, { domain: true });
  }
  const user = await pipeline.writeOne(findResource('user')!, actor, {
    before: null,
    input: {
      name: { first: input.firstName, last: input.lastName, full: `${input.firstName} ${input.lastName}` },
      email: { value: email, valid: true },
      info: { language: 'en' },
      security: { password: { value: input.password } },
      _projectSpecific: { rights: ['super'] },
    },
  }, { domain: true });
  return { userId: user.id, companyId, companyCreated: !existing };
}
