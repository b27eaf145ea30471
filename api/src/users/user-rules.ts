import { Injectable, type OnModuleInit } from '@nestjs/common';
import { getPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { platformRights } from '../auth/company-rights';
import { hashPassword } from '../auth/passwords';
import { forbidden } from '../common/errors';
import { RecordHooks } from '../records/record-hooks';

type Doc = Record<string, unknown>;

/** Only super admins make super admins: company admins may mark third-party users, nothing more. */
function guardSuperRight(actor: Actor, before: Doc | null, after: Doc): void {
  const had = before ? platformRights(before).includes('super') : false;
  const has = platformRights(after).includes('super');
  if (had !== has && !actor.rights.has('super')) throw forbidden('Only super admins may grant or take the super admin right');
}

/** A password written through the API is stored as its argon2id hash, never as typed; an unchanged one stays. */
async function hashNewPassword(before: Doc | null, after: Doc): Promise<void> {
  const password = getPath(after, 'security.password.value');
  if (typeof password !== 'string' || password === '' || password === getPath(before, 'security.password.value')) return;
  // new objects: the ones in `after` may still be shared with the stored document
  const security = after.security as Doc;
  after.security = { ...security, password: { ...(security.password as Doc), value: await hashPassword(password) } };
}

@Injectable()
export class UserRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('user', {
      beforeCreate: async (_tx, actor, doc) => {
        guardSuperRight(actor, null, doc);
        await hashNewPassword(null, doc);
      },
      beforeUpdate: async (_tx, actor, before, after) => {
        guardSuperRight(actor, before.doc, after);
        await hashNewPassword(before.doc, after);
      },
    });
  }
}
