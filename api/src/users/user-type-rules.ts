import { Injectable, type OnModuleInit } from '@nestjs/common';
import { getPath, setPath, userTypeOf } from '@backoffice/resources';
import { RecordHooks } from '../records/record-hooks';

type Doc = Record<string, unknown>;

/** email.anonymous follows the email's domain: anonymous accounts and cards are recognised by it (part 2 section 9). */
function markAnonymous(before: Doc | null, after: Doc): void {
  const email = getPath(after, 'email.value');
  if (before && email === getPath(before, 'email.value')) return;
  setPath(after, 'email.anonymous', userTypeOf(email) !== 'normal');
}

@Injectable()
export class UserTypeRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('user', {
      beforeCreate: async (_tx, _actor, doc) => markAnonymous(null, doc),
      beforeUpdate: async (_tx, _actor, before, after) => markAnonymous(before.doc, after),
    });
  }
}
