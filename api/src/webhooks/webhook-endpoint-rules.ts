import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type FieldError, getPath } from '@backoffice/resources';
import { invalid } from '../common/errors';
import type { Doc } from '../records/record-repository';
import { RecordHooks } from '../records/record-hooks';
import { isProduction } from '../settings/read-settings';
import { literalAddressProblem } from './webhook-address-guard';
import { newWebhookSecret } from './webhook-signature';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why an endpoint address is refused: HTTPS, or outside production plain HTTP on this machine (tests, the demo); never
 * an internal address written as such (a name is checked at each connection: guardedLookup).
 */
export function endpointProblem(url: string, production = isProduction()): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an address starting with https://';
  }
  const hostProblem = literalAddressProblem(parsed.hostname, production);
  if (hostProblem) return `must not be an internal address (${hostProblem})`;
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && !production && LOOPBACK.has(parsed.hostname)) return null;
  return production ? 'must start with https://' : 'must start with https:// (http only on this machine: 127.0.0.1, localhost)';
}

/** The models are the field's choices, which its rule checks on every path; the address is checked here. */
function endpointErrors(doc: Doc): FieldError[] {
  const url = getPath(doc, 'url');
  const urlProblem = typeof url === 'string' ? endpointProblem(url) : null;
  return urlProblem ? [{ field: 'url', message: `url ${urlProblem}` }] : [];
}

/** An endpoint's rules on every write path: its address and models checked, its signing secret made by the API. */
@Injectable()
export class WebhookEndpointRules implements OnModuleInit {
  constructor(private readonly hooks: RecordHooks) {}

  onModuleInit(): void {
    const check = (doc: Doc) => {
      const errors = endpointErrors(doc);
      if (errors.length > 0) throw invalid(errors.map((error) => error.message).join('; '), errors);
    };
    this.hooks.register('webhook', {
      beforeCreate: async (_tx, _actor, doc) => {
        check(doc);
        doc.secret = newWebhookSecret();
      },
      beforeUpdate: async (_tx, _actor, before, after) => {
        check(after);
        // the secret is the API's: a copy or an import never brings one of its own
        after.secret = before.doc.secret ?? newWebhookSecret();
      },
    });
  }
}
