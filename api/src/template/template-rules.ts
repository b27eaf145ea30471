import { Injectable, type OnModuleInit } from '@nestjs/common';
import { conflict } from '../common/errors';
import { RecordHooks } from '../records/record-hooks';

export const TEMPLATE_DELETE_REFUSED = 'Cannot remove template, please clear subject first';

/** A template can be deleted only once its subject is cleared (spec part 2 section 5). */
@Injectable()
export class TemplateRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    this.hooks.register('template', {
      async beforeDelete(_tx, _actor, record) {
        const subject = (record.doc.subject ?? {}) as Record<string, unknown>;
        if (Object.values(subject).some((text) => typeof text === 'string' && text.trim() !== '')) throw conflict(TEMPLATE_DELETE_REFUSED);
      },
    });
  }
}
