import { Injectable, type OnModuleInit } from '@nestjs/common';
import { COMPANY_LEVEL_TRIGGERS, LANGUAGES, TEMPLATE_TRIGGERS, getPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { conflict, forbidden, invalid } from '../common/errors';
import { syntaxErrors } from '../communication/rendering/template-language';
import { RecordHooks } from '../records/record-hooks';
import type { Doc } from '../records/record-repository';

export const TEMPLATE_DELETE_REFUSED = 'Cannot remove template, please clear subject first';

/** Company-level triggers are for super admins; an unchanged trigger stays editable by the other admins. */
function checkTrigger(actor: Actor, doc: Doc, before: Doc | null): void {
  const role = doc.role;
  if (typeof role !== 'string' || !COMPANY_LEVEL_TRIGGERS.includes(role) || actor.rights.has('super') || before?.role === role) return;
  throw forbidden(`Only super admins may set the automatic send trigger '${TEMPLATE_TRIGGERS[role as keyof typeof TEMPLATE_TRIGGERS]}'`);
}

/** Every text of every language must parse in the template language; errors name the field and the line. */
function checkSyntax(doc: Doc): void {
  const fields = ['subject', 'content', 'footer'].flatMap((name) => LANGUAGES.map((language) => ({ markup: 'text' as const, field: `${name}.${language}`, source: getPath(doc, `${name}.${language}`) })));
  const errors = syntaxErrors(fields);
  if (errors.length > 0) throw invalid(`Template is not valid: ${errors.map((error) => error.message).join('; ')}`, errors);
}

/**
 * A template can be deleted only once its subject is cleared (spec part 2 section 5); its texts must parse; only
 * super admins set company-level triggers (part 2 section 6).
 */
@Injectable()
export class TemplateRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('template', {
      async beforeCreate(_tx, actor, doc) {
        checkTrigger(actor, doc, null);
        checkSyntax(doc);
      },
      async beforeUpdate(_tx, actor, before, after) {
        checkTrigger(actor, after, before.doc);
        checkSyntax(after);
      },
      async beforeDelete(_tx, _actor, record) {
        const subject = (record.doc.subject ?? {}) as Record<string, unknown>;
        if (Object.values(subject).some((text) => typeof text === 'string' && text.trim() !== '')) throw conflict(TEMPLATE_DELETE_REFUSED);
      },
    });
  }
}
