import { access, defineResource, f, metaFields } from '../define';
import { allResources } from '../registry';
import type { FieldDef } from '../types';

/** What happens to a record of a model an endpoint chose. */
export const WEBHOOK_RECORD_EVENTS = ['created', 'updated', 'archived', 'deleted'] as const;
/** Events of the domains, sent whatever models the endpoint chose. */
export const WEBHOOK_DOMAIN_EVENTS = ['payment.completed', 'refund.made', 'batch.finished'] as const;
export const WEBHOOK_EVENTS = [...WEBHOOK_RECORD_EVENTS, ...WEBHOOK_DOMAIN_EVENTS] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
const EVENT_LABELS: Record<WebhookEvent, string> = {
  created: 'Created',
  updated: 'Updated',
  archived: 'Archived',
  deleted: 'Deleted',
  'payment.completed': 'Payment completed',
  'refund.made': 'Refund made',
  'batch.finished': 'Batch finished',
};

/**
 * Models whose records an endpoint can be sent: every model of the registry as it is when asked, but endpoints (they
 * hold secrets) and records of someone's own (a personal saved view is its owner's alone, the owner rule).
 */
const sendableModels = () => allResources().filter((def) => def.name !== 'webhook' && !def.owner);

/** The models an endpoint chose, chosen and shown by their names in the admin's language. */
const modelsField: FieldDef = {
  ...f.listOf('models', 'enum', { label: 'Models', max: 100, help: 'the models whose records are sent as they are created, updated, archived or deleted' }),
  get choices() {
    return sendableModels().map((def) => def.name);
  },
  get choiceLabels() {
    return Object.fromEntries(sendableModels().map((def) => [def.name, def.labelPlural ?? def.label]));
  },
};

/**
 * An endpoint of a consumer that the company's writes are sent to (Standard Webhooks): the models and events it
 * wants, signed with its secret, which the API makes (`whsec_…`) and only company admins read. The API delivers from
 * a queue in the database, retrying with backoff (api/src/webhooks).
 */
export const webhook = defineResource({
  name: 'webhook',
  label: 'Webhook',
  labelPlural: 'Webhooks',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Name', required: true, max: 100, searchable: true, sortable: true, indexed: true }),
    f.text('url', {
      label: 'Endpoint',
      required: true,
      max: 2000,
      format: 'url',
      pattern: 'https?://[^\\s]+',
      patternMessage: 'must be an address starting with https://',
      help: 'HTTPS; an http address only on this machine (127.0.0.1, localhost) outside production',
    }),
    modelsField,
    f.listOf('events', 'enum', { label: 'Events sent', choices: WEBHOOK_EVENTS, choiceLabels: EVENT_LABELS, min: 1, max: WEBHOOK_EVENTS.length }),
    f.text('secret', { label: 'Signing secret', readOnly: true, readRights: ['company'], auditRedacted: true, help: 'set by the API: verify each delivery with it (webhook-signature)', import: false }),
    f.boolean('active', { label: 'Active', default: true }),
    ...metaFields(),
  ],
  list: {
    columns: ['name.full', 'url', 'events', 'active'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full'],
    filters: ['meta.archived'],
  },
  accessNote: 'Company admins register the endpoints the company\'s records are sent to, and read their signing secrets.',
  access: access({ read: ['company'], write: ['company'], import: false, export: false, patch: false }),
  archivable: true,
  // a copy would send the same records to the same endpoint twice
  duplicate: false,
  screens: { route: '/company/webhooks', icon: 'notification', generated: true, leaveGuard: true },
});
