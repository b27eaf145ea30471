import { RIGHTS, type Right } from '../types';
import { jsonSchema as s, type Schema } from './schema';

/** Batch communication (part 2 sections 2 to 9): shared by the API (api/src/communication/batch) and the wizard. */

/** Chunk sizes a super admin may choose; the others get the default of the template's kind. */
export const BATCH_SIZES = [1, 5, 10, 25, 50, 100, 500, 1000] as const;
export const BATCH_SIZE_DEFAULT = 50;
export const batchSizeFor = (kind: string | undefined): number => (kind === 'mail' ? 10 : kind ? 25 : BATCH_SIZE_DEFAULT);

/** Scheduling: 480 slots of 15 minutes from the next quarter hour. */
export const SCHEDULE_SLOT_SECONDS = 900;
export const SCHEDULE_SLOT_COUNT = 480;

/** The slots (unix seconds) a batch may be planned in, seen at `nowSeconds`. */
export function scheduleSlots(nowSeconds: number): number[] {
  const first = (Math.floor(nowSeconds / SCHEDULE_SLOT_SECONDS) + 1) * SCHEDULE_SLOT_SECONDS;
  return Array.from({ length: SCHEDULE_SLOT_COUNT }, (_, index) => first + index * SCHEDULE_SLOT_SECONDS);
}

/**
 * `uncertain`: the provider could not say whether the item's message went out (its hand-off got no answer and its
 * record could not settle it); a person decides: mark it as sent, or send it again.
 */
export const BATCH_ITEM_STATES = ['ready', 'executing', 'done', 'declined', 'error', 'uncertain'] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];
/** A person's decision on uncertain items: done without sending (`mark-sent`), or back to the queue (`send-again`). */
export const BATCH_DECISIONS = ['mark-sent', 'send-again'] as const;
export type BatchDecision = (typeof BATCH_DECISIONS)[number];
/** Runner states of the spec, plus cancelled: a planned batch whose planned communication was cancelled. */
export type BatchRunnerState = 'paused' | 'running' | 'completed' | 'cancelled';

/** Item reasons the wizard names (part 2 section 8); any other reason shows 'Whoops, something went wrong!'. */
export const MISSING_PUSH_TOKEN = 'missing-push-token';
export const NEXT_NOT_FOUND = 'next-not-found';
/** The reason of an uncertain item a person marked as sent. */
export const MARKED_AS_SENT = 'marked-as-sent';

/** What a group option asks for besides itself. */
export type GroupParameter = 'event' | 'timeslot' | 'product' | 'tagState' | 'json' | 'csv';

export interface GroupOption {
  id: string;
  label: string;
  section: string;
  /** shown and accepted only when the user holds every one of these rights (super holds all) */
  roles: readonly Right[];
  parameter?: GroupParameter;
}

const option = (section: string, roles: readonly Right[]) => (id: string, label: string, parameter?: GroupParameter): GroupOption => ({ id, label, section, roles, ...(parameter && { parameter }) });
const age = option('Age', ['user']);
const balance = option('Balance', ['finance']);
const eventStart = option('Event start', ['event']);
const received = option('Message received', ['user']);
const users = option('Users', ['user']);

/** Every group option with its role list; the API refuses an option whose roles the caller lacks. */
export const GROUP_OPTIONS: readonly GroupOption[] = [
  age('age-under-18', 'Under 18'),
  age('age-exactly-18', 'Exactly 18 today'),
  age('age-18-plus', '18+'),
  age('age-21-plus', '21+'),
  age('age-50-plus', '50+'),
  balance('balance-below-50', 'Balance below €50'),
  balance('balance-above-50', 'Balance above €50'),
  ...Array.from({ length: 8 }, (_, days) => eventStart(`event-start-${days}`, days === 0 ? 'Event starts today' : `Event starts in ${days} day${days === 1 ? '' : 's'}`)),
  received('received-1h', 'Message received within 1 h'),
  received('received-6h', 'Message received within 6 h'),
  received('received-24h', 'Message received within 24 h'),
  received('received-7d', 'Message received within 7 days'),
  option('Users', ['event'])('users-by-event', 'Users by event', 'event'),
  option('Users', ['event'])('users-by-timeslot', 'Users by timeslot', 'timeslot'),
  option('Users', ['merchant'])('users-by-product', 'Users who bought a product', 'product'),
  users('users-by-tag-state', 'Users by tag state', 'tagState'),
  option('Manual', ['super'])('manual-json', 'Manual group (JSON)', 'json'),
  option('Manual', ['super'])('manual-csv', 'Manual group (CSV)', 'csv'),
];

export const mayUseOption = (option: GroupOption, rights: ReadonlySet<string>): boolean => rights.has('super') || option.roles.every((role) => rights.has(role));

/** A chosen group: the option and, for options with a parameter, its value (an id, a tag state, or the pasted data). */
export interface BatchGroup {
  option: string;
  value?: string;
}

/** A recipient outside the user table (manual groups), in the spec's batch user shape. */
export interface ManualRecipient {
  modelId?: string;
  modelName?: string;
  name?: string;
  email?: string;
  language?: string;
  mobile?: string;
}

/** GET /api/company/batch/:id */
export interface BatchStatus {
  _id: string;
  runner: BatchRunnerState;
  /** why the runner paused by itself (provider outage), or waits (rate limit); null otherwise */
  pauseReason: string | null;
  templateId: string;
  kind: string;
  chunkSize: number;
  total: number;
  counts: Record<BatchItemState, number>;
  /** declined for want of a push token, and failed for an invalid scheduled date */
  notRegisteredForPush: number;
  invalidScheduledDate: number;
  /**
   * Items whose hand-off got no answer wait (executing) until the provider's record of them is final: the latest
   * such moment (unix seconds), null when none waits
   */
  settlingUntil: number | null;
  deliverAt: number | null;
  workerTaskId: string | null;
  startedAt: number | null;
  completedAt: number | null;
}

/** GET /api/company/batch/undecided: a batch with items a person has to decide on. */
export interface UndecidedBatch {
  _id: string;
  kind: string;
  templateName: string;
  createdAt: number;
  uncertain: number;
}

/** One row of the results table. */
export interface BatchItemRow {
  seq: number;
  state: BatchItemState;
  reason: string | null;
  name: string | null;
  email: string | null;
  userId: string | null;
}

const count = s.integer({ minimum: 0 });
const itemState = s.enum(BATCH_ITEM_STATES);

export const groupOptionSchema: Schema<GroupOption> = s.named(
  'GroupOption',
  s.object(
    { id: s.string(), label: s.string(), section: s.string(), roles: s.readonlyArray(s.enum(RIGHTS)), parameter: s.enum(['event', 'timeslot', 'product', 'tagState', 'json', 'csv']) },
    { optional: ['parameter'] },
  ),
);

export const batchGroupSchema: Schema<BatchGroup> = s.object({ option: s.string(), value: s.string() }, { optional: ['value'] });

export const batchStatusSchema: Schema<BatchStatus> = s.named(
  'BatchStatus',
  s.object({
    _id: s.objectId(),
    runner: s.enum(['paused', 'running', 'completed', 'cancelled']),
    pauseReason: s.nullable(s.string()),
    templateId: s.objectId(),
    kind: s.string(),
    chunkSize: s.integer({ minimum: 1 }),
    total: count,
    counts: s.object({ ready: count, executing: count, done: count, declined: count, error: count, uncertain: count }),
    notRegisteredForPush: count,
    invalidScheduledDate: count,
    settlingUntil: s.nullable(s.integer()),
    deliverAt: s.nullable(s.integer()),
    workerTaskId: s.nullable(s.objectId()),
    startedAt: s.nullable(s.integer()),
    completedAt: s.nullable(s.integer()),
  }),
);

export const undecidedBatchSchema: Schema<UndecidedBatch> = s.named('UndecidedBatch', s.object({ _id: s.objectId(), kind: s.string(), templateName: s.string(), createdAt: s.integer(), uncertain: count }));

export const batchItemRowSchema: Schema<BatchItemRow> = s.named(
  'BatchItemRow',
  s.object({ seq: count, state: itemState, reason: s.nullable(s.string()), name: s.nullable(s.string()), email: s.nullable(s.string()), userId: s.nullable(s.objectId()) }),
);
