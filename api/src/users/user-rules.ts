import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Actor } from '../auth/actor';
import { platformRights } from '../auth/company-rights';
import { forbidden } from '../common/errors';
import { RecordHooks } from '../records/record-hooks';

type Doc = Record<string, unknown>;

/** Only super admins make super admins: company admins may mark third-party users, nothing more. */
function guardSuperRight(actor: Actor, before: Doc | null, after: Doc): void {
  const had = before ? platformRights(before).includes('super') : false;
  const has = platformRights(after).includes('super');
  if (had !== has && !actor.rights.has('super')) throw forbidden('Only super admins may grant or take the super admin right');
}

@Injectable()
export class UserRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('user', {
      beforeCreate: async (_tx, actor, doc) => guardSuperRight(actor, null, doc),
      beforeUpdate: async (_tx, actor, before, after) => guardSuperRight(actor, before.doc, after),
    });
  }
}
