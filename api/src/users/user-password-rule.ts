import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DEFAULT_PASSWORD_MIN_LENGTH, getPath, passwordProblem } from '@backoffice/resources';
import { invalid } from '../common/errors';
import type { Queryable } from '../database/database';
import { RecordHooks } from '../records/record-hooks';
import type { Doc } from '../records/record-repository';

const PASSWORD = 'security.password.value';

/** A new password is at least the company's `userPasswordMinLength` long (at most 100), on every write path. */
async function checkNewPassword(tx: Queryable, companyId: string, before: Doc | null, after: Doc): Promise<void> {
  const password = getPath(after, PASSWORD);
  if (typeof password !== 'string' || password === '' || password === getPath(before, PASSWORD)) return;
  const [company] = await tx.query<{ min: string | null }>(`SELECT doc #>> '{settings,userPasswordMinLength}' AS min FROM company WHERE company_id = $1 AND id = $1`, [companyId]);
  const problem = passwordProblem(password, Number(company?.min) || DEFAULT_PASSWORD_MIN_LENGTH);
  if (problem) throw invalid(problem, [{ field: PASSWORD, message: problem }]);
}

@Injectable()
export class UserPasswordRule implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('user', {
      beforeCreate: (tx, actor, doc) => checkNewPassword(tx, actor.companyId, null, doc),
      beforeUpdate: (tx, actor, before, after) => checkNewPassword(tx, actor.companyId, before.doc, after),
    });
  }
}
