import { Injectable, type OnModuleInit } from '@nestjs/common';
import { getPath, setPath } from '@backoffice/resources';
import type { Queryable } from '../../database/database';
import { RecordHooks } from '../../records/record-hooks';
import type { Doc } from '../../records/record-repository';

/** Templates whose messages carry a secret (a verification code): their log keeps the text with the code masked. */
export const SECRET_BEARING_ROLES: readonly string[] = ['mobile-verify'];
export const MASK = '••••••';

/** Codes are runs of 4 to 8 digits standing on their own: not part of an amount (12.50), a time or a date (2026-11-27). */
export const maskCodes = (text: string) => text.replace(/(?<!\d|\d[.,:/-])\d{4,8}(?!\d|[.,:/-]\d)/g, MASK);

async function roleOf(tx: Queryable, companyId: string, doc: Doc): Promise<string | null> {
  const templateId = getPath(doc, 'templateRef.templateId');
  if (typeof templateId !== 'string') return null;
  const [template] = await tx.query<{ role: string | null }>(`SELECT doc ->> 'role' AS role FROM template WHERE company_id = $1 AND id = $2`, [companyId, templateId]);
  return template?.role ?? null;
}

/**
 * The SMS log never holds a verification code as sent: a message of a template that carries one is recorded with the
 * code masked, on every path that records messages (the sender, a batch, an import), so no admin who reads the log
 * reads the code.
 */
@Injectable()
export class MessageSecrets implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('communicationSms', {
      beforeCreate: async (tx, actor, doc) => {
        const body = getPath(doc, 'body');
        if (typeof body === 'string' && SECRET_BEARING_ROLES.includes((await roleOf(tx, actor.companyId, doc)) ?? '')) setPath(doc, 'body', maskCodes(body));
      },
    });
  }
}
