import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type ResourceDef,
  WEBHOOK_RECORD_EVENTS,
  type WebhookEvent,
  allResources,
  effectiveRights,
  getPath,
  isPlainObject,
} from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { type Queryable, onCommit } from '../database/database';
import { toOutput } from '../records/record-output';
import { RecordHooks } from '../records/record-hooks';
import type { Doc } from '../records/record-repository';
import { WebhookDeliveries, type NewDelivery } from './webhook-deliveries';
import { WebhookDispatcher } from './webhook-dispatcher';

/** A record goes out as a company admin reads it: what only super admins read stays in. */
const READER = effectiveRights(['company']);
/** Payment types of refunds (the refund actions write them). */
const REFUND_TYPES = ['refund', 'refund-cash'];

type RecordEvent = (typeof WEBHOOK_RECORD_EVENTS)[number];

/** One thing a write did that an endpoint may want: an event of a record, or of the domain. */
interface Happened {
  event: WebhookEvent;
  /** the type the payload names: `{model}.{event}` for a record event, the event itself for a domain event */
  type: string;
  recordId: string;
  data: Doc;
}

const archived = (doc: Doc | null) => isPlainObject(doc?.meta) && doc.meta.archived === true;

function recordEvent(before: Doc | null, after: Doc): RecordEvent {
  if (!before) return 'created';
  return !archived(before) && archived(after) ? 'archived' : 'updated';
}

/** The domain events a change of a payment is: a refund made, a payment completed. */
function paymentEvents(before: Doc | null, after: Doc): WebhookEvent[] {
  const refund = REFUND_TYPES.includes(String(after.paymentType));
  if (refund) return before ? [] : ['refund.made'];
  return getPath(after, 'state.id') === 'completed' && getPath(before, 'state.id') !== 'completed' ? ['payment.completed'] : [];
}

/**
 * The events of every write, from the write pipeline's hooks (so from every path: the generic CRUD, imports, bulk
 * runs and the domain endpoints): each endpoint of the company that wants one gets a delivery, added in the write's
 * transaction; the dispatcher is woken once it commits. A batch that finishes is told by the database (a trigger of
 * migration 0044), in the transaction that completes it.
 */
@Injectable()
export class WebhookEvents implements OnModuleInit {
  constructor(
    private readonly hooks: RecordHooks,
    private readonly deliveries: WebhookDeliveries,
    @Inject(WebhookDispatcher) private readonly dispatcher: WebhookDispatcher,
  ) {}

  onModuleInit(): void {
    // an endpoint's own writes are not sent to endpoints: they hold the signing secrets
    for (const def of allResources().filter((candidate) => candidate.name !== 'webhook')) {
      this.hooks.register(def.name, {
        afterWrite: (tx, actor, changes) =>
          this.tell(tx, actor, def, () =>
            changes.flatMap(({ id, before, after }) => {
              const data = toOutput(def, { id, doc: after }, READER);
              const event = recordEvent(before, after);
              const domain = def.name === 'payment' ? paymentEvents(before, after) : [];
              return [{ event, type: `${def.name}.${event}`, recordId: id, data }, ...domain.map((event) => ({ event, type: event, recordId: id, data }))];
            }),
          ),
        beforeDelete: (tx, actor, record) => this.tell(tx, actor, def, () => [{ event: 'deleted', type: `${def.name}.deleted`, recordId: record.id, data: toOutput(def, record, READER) }]),
      });
    }
  }

  /** Adds the deliveries of what a write did (made only when some endpoint of the company listens to the model). */
  private async tell(tx: Queryable, actor: Actor, def: ResourceDef, happened: () => Happened[]): Promise<void> {
    const endpoints = (await tx.query<{ id: string; doc: Doc }>(`SELECT id, doc FROM "webhook" WHERE company_id = $1 AND meta_archived IS NOT TRUE`, [actor.companyId]))
      .map(({ id, doc }) => ({ id, active: doc.active !== false, events: (doc.events as string[] | undefined) ?? [], models: (doc.models as string[] | undefined) ?? [] }))
      .filter((endpoint) => endpoint.active && (endpoint.models.includes(def.name) || (def.name === 'payment' && endpoint.events.some((event) => event.startsWith('payment.') || event.startsWith('refund.')))));
    if (endpoints.length === 0) return;
    const wanted = (endpoint: (typeof endpoints)[number], what: Happened) =>
      endpoint.events.includes(what.event) && (!(WEBHOOK_RECORD_EVENTS as readonly string[]).includes(what.event) || endpoint.models.includes(def.name));
    const timestamp = new Date().toISOString();
    const all = happened();
    const deliveries: NewDelivery[] = endpoints.flatMap((endpoint) =>
      all.filter((what) => wanted(endpoint, what)).map((what) => ({ webhookId: endpoint.id, type: what.type, recordId: what.recordId, payload: { type: what.type, timestamp, data: what.data } })),
    );
    await this.deliveries.add(tx, actor.companyId, deliveries);
    if (deliveries.length > 0) onCommit(tx, () => this.dispatcher.wake());
  }
}
