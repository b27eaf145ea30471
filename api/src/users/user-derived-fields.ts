import { Injectable, type OnModuleInit } from '@nestjs/common';
import { getPath, setPath, userTypeOf } from '@backoffice/resources';
import { RecordHooks } from '../records/record-hooks';

type Doc = Record<string, unknown>;

const changed = (before: Doc | null, after: Doc, path: string) => !before || getPath(before, path) !== getPath(after, path);

/**
 * Fields the server derives from what is typed: email.anonymous from the email's domain (anonymous accounts and
 * cards are recognised by it, part 2 section 9) and birthday.unix from birthday.date (YYYY-MM-DD, UTC midnight).
 */
function derive(before: Doc | null, after: Doc): void {
  if (changed(before, after, 'email.value')) setPath(after, 'email.anonymous', userTypeOf(getPath(after, 'email.value')) !== 'normal');
  if (changed(before, after, 'birthday.date')) {
    const date = getPath(after, 'birthday.date');
    const unix = typeof date === 'string' && date ? Date.parse(`${date}T00:00:00Z`) / 1000 : null;
    if (unix !== null && Number.isFinite(unix)) setPath(after, 'birthday.unix', unix);
    else if (before && getPath(after, 'birthday.unix') !== undefined) setPath(after, 'birthday.unix', null);
  }
}

@Injectable()
export class UserDerivedFields implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('user', {
      beforeCreate: async (_tx, _actor, doc) => derive(null, doc),
      beforeUpdate: async (_tx, _actor, before, after) => derive(before.doc, after),
    });
  }
}
