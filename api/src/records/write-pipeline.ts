import { setImmediate as nextTurn } from 'node:timers/promises';
import { HttpException, Injectable } from '@nestjs/common';
import {
  type AuditDoor,
  type FieldError,
  type ResourceDef,
  deriveFields,
  fieldsWith,
  forbiddenWrites,
  getPath,
  mergePatch,
  perDefinition,
  sameJson,
  setPath,
  validateRecord,
  fillDefaults,
  withoutPopulated,
} from '@backoffice/resources';
import { type AuditAction, AuditService } from '../audit/audit.service';
import { auditDiff, secretPaths } from '../audit/audit-diff';
import type { Actor } from '../auth/actor';
import { hashPassword } from '../auth/passwords';
import { endSessions } from '../auth/session.service';
import { forbidden, invalid } from '../common/errors';
import { throwIfShuttingDown } from '../common/process-lifecycle';
import { newId } from '../common/object-id';
import { bulkInsert } from '../database/bulk-insert';
import { bulkMerge } from '../database/bulk-update';
import type { Queryable } from '../database/database';
import { issueInChunks } from '../database/issue-in-chunks';
import { type SessionChange, sessionsEndedBy } from './ended-sessions';
import { claimOwnership } from './owner-rule';
import { companyDoc, personProblems } from './person-guard';
import { changesNothing, inputBody, stampTimes } from './record-input';
import { RecordHooks, type WrittenChange } from './record-hooks';
import { type Doc, RecordRepository, type StoredRecord } from './record-repository';
import { requireVersion } from './record-version';
import { missingReferences } from './reference-check';

/** How far a batch of writes is: rows checked, then rows written (a long import shows both). */
export type WriteProgress = (stage: 'validated' | 'written', rows: number) => void;

/** Rows of a batch checked between progress reports and turns of the event loop that let other requests in. */
const ROWS_BETWEEN_TURNS = 1000;

export interface WriteOptions {
  /** write inside the caller's transaction */
  tx?: Queryable;
  /**
   * The caller is a domain endpoint that checked its own right: it may write read-only fields and fields that
   * only endpoints write. Validation, who may act on whom, hooks, secrets, references and audit still apply.
   */
  domain?: boolean;
  /** the way the write came in, kept on its audit entries; a domain endpoint's ('domain') when none is named */
  door?: AuditDoor;
  /** the version the writer read (If-Match): a write to a record changed since is refused with 412 */
  ifMatch?: string;
}

/** The door of a write: the one it names, else its actor's (a bulk run's), else a domain endpoint's. */
const doorOf = (actor: Actor, options: WriteOptions): AuditDoor => options.door ?? actor.door ?? 'domain';

/** A create (`before` null; `input` the new record) or an update (`input` merged into `before`). */
export interface PendingWrite {
  before: StoredRecord | null;
  input: Doc;
  /** a domain write that built the whole new record: it replaces the stored one instead of merging into it */
  replaces?: boolean;
  id?: string;
  /** the audit action when it is not plain create or update (archive, unarchive) */
  auditAs?: AuditAction;
}

/** A write checked and ready; `unchanged` when it leaves the stored record as it was, so nothing is written. */
interface PreparedWrite extends StoredRecord {
  unchanged: boolean;
}

export interface WrittenRecord extends StoredRecord {
  /** sessions the write ended (ended-sessions.ts: archived, blocked, a right taken, a new email or password) */
  sessionsEnded: number;
}

export interface WriteResult {
  records: StoredRecord[];
  /** sessions the writes ended */
  sessionsEnded: number;
}

/** Problems of some writes of a batch, by their position in it; nothing was written. */
export class WritesRefused extends Error {
  constructor(readonly problems: Map<number, FieldError[]>) {
    super('Some writes were refused');
  }
}

const refusal = (error: unknown): FieldError[] => {
  if (!(error instanceof HttpException)) throw error;
  const body = error.getResponse() as { message?: string; errors?: FieldError[] };
  return body.errors?.length ? body.errors : [{ field: '', message: String(body.message ?? error.message) }];
};

/** Fields holding a password: stored only as argon2id hashes, whatever path writes them. */
const passwordPaths = perDefinition((def) => fieldsWith(def, (field) => field.format === 'password').map(([path]) => path));

/**
 * The one write path of the API. Every create, patch, import, import/patch, duplicate, archive, bulk run
 * and domain write comes here: the input is read against the definition and the caller's field rights,
 * the record is validated, who may act on whom is checked, the domain hooks run, passwords are hashed,
 * references are checked, and the rows and their audit entries are written in one transaction, after which the
 * hooks' afterWrite sees the whole write (still inside it) and the sessions the write takes away end. An update
 * that leaves the record as it was writes nothing: no row, no audit entry, no hooks after it.
 */
@Injectable()
export class WritePipeline {
  constructor(
    private readonly records: RecordRepository,
    private readonly audit: AuditService,
    private readonly hooks: RecordHooks,
  ) {}

  /** One write; a refusal is thrown as it came (400, 403, 409). */
  async writeOne(def: ResourceDef, actor: Actor, write: PendingWrite, options: WriteOptions = {}): Promise<WrittenRecord> {
    const run = async (tx: Queryable) => {
      if (write.before) requireVersion(def, write.before, options.ifMatch, actor.rights);
      const prepared = await this.prepare(tx, def, actor, write, options);
      if (prepared.unchanged) return { id: prepared.id, doc: prepared.doc, sessionsEnded: 0 };
      const [errors] = await this.missingReferences(tx, def, actor, [{ before: write.before?.doc ?? null, after: prepared.doc }], options);
      if (errors.length > 0) throw invalid(`${def.label} is not valid: ${errors.map((error) => error.message).join('; ')}`, errors);
      if (write.before) await this.records.update(tx, def, actor.companyId, prepared.id, prepared.doc);
      else await this.records.insert(tx, def, actor.companyId, prepared.id, prepared.doc);
      await this.audit.record(tx, actor, doorOf(actor, options), def, prepared.id, write.auditAs ?? (write.before ? 'update' : 'create'), write.before?.doc ?? null, prepared.doc);
      const change = { id: prepared.id, before: write.before?.doc ?? null, after: prepared.doc };
      await this.afterWrite(tx, def, actor, [change]);
      return { id: prepared.id, doc: prepared.doc, sessionsEnded: await this.endSessions(tx, def, actor, [change]) };
    };
    return options.tx ? run(options.tx) : this.records.transaction(run);
  }

  /**
   * Many writes as a batch: every write is prepared, then all are written in few statements, or none when
   * any is refused (WritesRefused names each by position). `validateOnly` checks without writing. A chunk of
   * writes is checked while the database writes the chunk before it; once one is refused nothing more is
   * issued and the refusal rolls the transaction back, but the rest is still checked, so every problem is named.
   */
  async writeMany(def: ResourceDef, actor: Actor, writes: readonly PendingWrite[], options: WriteOptions & { validateOnly?: boolean; onProgress?: WriteProgress } = {}): Promise<WriteResult> {
    const progress = options.onProgress ?? (() => undefined);
    const run = async (tx: Queryable): Promise<WriteResult> => {
      const problems = new Map<number, FieldError[]>();
      const prepared: (PreparedWrite | null)[] = [];
      // the company's admin lists, read once for the whole batch (who may act on whom)
      let company: Promise<Doc> | undefined;
      const lists = () => (company ??= companyDoc(tx, actor.companyId));
      let written = 0;
      const wrote = (rows: number) => progress('written', (written += rows));
      await issueInChunks(writes, async (chunk, start) => {
        for (const [offset, write] of chunk.entries()) {
          try {
            prepared[start + offset] = await this.prepare(tx, def, actor, write, options, lists);
          } catch (error) {
            problems.set(start + offset, refusal(error));
            prepared[start + offset] = null;
          }
          if ((start + offset + 1) % ROWS_BETWEEN_TURNS === 0) {
            progress('validated', start + offset + 1);
            await nextTurn();
            // a shutdown ends a long write (rolled back, 503) rather than hold the process past its deadline
            throwIfShuttingDown();
          }
        }
        if ((start + chunk.length) % ROWS_BETWEEN_TURNS !== 0) progress('validated', start + chunk.length);
        const missing = await this.missingReferences(tx, def, actor, chunk.map((write, offset) => ({ before: write.before?.doc ?? null, after: prepared[start + offset]?.doc ?? null })), options);
        missing.forEach((errors, offset) => errors.length > 0 && problems.set(start + offset, [...(problems.get(start + offset) ?? []), ...errors]));
        if (problems.size > 0 || options.validateOnly) return [];
        const pairs = chunk.map((write, offset) => ({ before: write.before, after: prepared[start + offset]!, auditAs: write.auditAs })).filter((pair) => !pair.after.unchanged);
        // rows that change nothing are done without a statement
        if (pairs.length < chunk.length) wrote(chunk.length - pairs.length);
        return [
          ...this.issueInserts(tx, def, actor, doorOf(actor, options), pairs.filter((pair) => !pair.before).map((pair) => pair.after), wrote),
          ...this.issueUpdates(tx, def, actor, doorOf(actor, options), pairs.filter((pair): pair is typeof pair & { before: StoredRecord } => pair.before !== null), wrote),
        ];
      });
      if (problems.size > 0) throw new WritesRefused(problems);
      const done = (prepared as PreparedWrite[]).map(({ id, doc }) => ({ id, doc }));
      if (options.validateOnly) return { records: done, sessionsEnded: 0 };
      const changes = writes.flatMap((write, index) => (prepared[index]!.unchanged ? [] : [{ id: done[index].id, before: write.before?.doc ?? null, after: done[index].doc }]));
      await this.afterWrite(tx, def, actor, changes);
      return { records: done, sessionsEnded: await this.endSessions(tx, def, actor, changes) };
    };
    return options.tx ? run(options.tx) : this.records.transaction(run);
  }

  /**
   * References and images the writes set must point at records and images of the company. Domain writes link
   * records they have just locked or are making in the same transaction (a refund and its original), so those are
   * not looked up again; their images are.
   */
  private async missingReferences(tx: Queryable, def: ResourceDef, actor: Actor, writes: { before: Doc | null; after: Doc | null }[], options: WriteOptions): Promise<FieldError[][]> {
    return missingReferences(tx, actor.companyId, def, writes, { records: !options.domain });
  }

  private async afterWrite(tx: Queryable, def: ResourceDef, actor: Actor, changes: readonly WrittenChange[]): Promise<void> {
    if (changes.length === 0) return;
    for (const hook of this.hooks.for(def.name)) await hook.afterWrite?.(tx, actor, changes);
  }

  /** A delete through the same rules: who may act on whom and the domain hooks, then the row and its audit entry. */
  async remove(def: ResourceDef, actor: Actor, before: StoredRecord, options: WriteOptions = {}): Promise<void> {
    const run = async (tx: Queryable) => {
      requireVersion(def, before, options.ifMatch, actor.rights);
      const [problem] = await personProblems(tx, def, actor, [{ id: before.id, before: before.doc, after: null }]);
      if (problem) throw forbidden(problem);
      for (const hook of this.hooks.for(def.name)) await hook.beforeDelete?.(tx, actor, before);
      await this.records.remove(tx, def, actor.companyId, before.id);
      await this.audit.record(tx, actor, doorOf(actor, options), def, before.id, 'delete', before.doc, null);
      await this.endSessions(tx, def, actor, [{ id: before.id, before: before.doc, after: null }]);
    };
    return options.tx ? run(options.tx) : this.records.transaction(run);
  }

  /** The record one write makes, every rule checked; throws the refusal. */
  private async prepare(tx: Queryable, def: ResourceDef, actor: Actor, write: PendingWrite, options: WriteOptions, company?: () => Promise<Doc>): Promise<PreparedWrite> {
    const input = options.domain ? withoutPopulated(def, write.input) : inputBody(def, write.input);
    if (!options.domain) {
      const refused = forbiddenWrites(def, input, actor.rights);
      if (refused.length > 0) throw invalid(`${def.label} is not valid: ${refused.map((error) => error.message).join('; ')}`, refused);
    }
    const { before } = write;
    const merged = before && !(write.replaces && options.domain) ? mergePatch(before.doc, input) : input;
    // a request that changes nothing (a record sent back as it was read, an archive of an archived record) is done
    // before the domain's hooks, which may tidy a record (a history made an empty list) as any write to it does
    if (before && changesNothing(before.doc, merged)) return { id: before.id, doc: before.doc, unchanged: true };
    const doc = before ? stampTimes(def, merged, false) : stampTimes(def, fillDefaults(def, input), true);
    if (!before) claimOwnership(def, actor, doc);
    const errors = validateRecord(def, doc);
    if (errors.length > 0) throw invalid(`${def.label} is not valid: ${errors.map((error) => error.message).join('; ')}`, errors);
    // after validation, which names what the request sent wrong; derived values follow from validated ones
    deriveFields(def, before?.doc ?? null, doc);
    const id = before?.id ?? write.id ?? newId();
    const [problem] = await personProblems(tx, def, actor, [{ id, before: before?.doc ?? null, after: doc }], company);
    if (problem) throw forbidden(problem);
    const context = { domain: Boolean(options.domain) };
    for (const hook of this.hooks.for(def.name)) {
      if (before) await hook.beforeUpdate?.(tx, actor, before, doc, context);
      else await hook.beforeCreate?.(tx, actor, doc, context);
    }
    await hashNewPasswords(def, before?.doc ?? null, doc);
    // the hooks may have undone what the request changed (a mobile layout put back in its order)
    if (before && changesNothing(before.doc, doc)) return { id, doc: before.doc, unchanged: true };
    return { id, doc, unchanged: false };
  }

  /** The statements of a chunk of inserts and their audit entries, issued on the transaction. */
  private issueInserts(tx: Queryable, def: ResourceDef, actor: Actor, door: AuditDoor, rows: readonly StoredRecord[], wrote: (rows: number) => void): Promise<unknown>[] {
    if (rows.length === 0) return [];
    // the database cannot redact: entries of models with secrets are made here, the others by the database from
    // the inserted rows (so after them)
    const audited = secretPaths(def).length > 0
      ? () => this.audit.recordMany(tx, actor, door, def, rows.map((row) => ({ recordId: row.id, action: 'create' as const, changes: auditDiff(def, null, row.doc) })))
      : () => this.audit.recordCreatedRows(tx, actor, door, def, rows.map((row) => row.id));
    return [bulkInsert(tx, def, rows.map((row) => ({ id: row.id, companyId: actor.companyId, doc: row.doc }))).then(audited).then(() => wrote(rows.length))];
  }

  /**
   * The statements of a chunk of updates and their audit entries, issued on the transaction. Only the top-level
   * keys a write changed travel to the database, and the audit diff walks only those keys.
   */
  private issueUpdates(tx: Queryable, def: ResourceDef, actor: Actor, door: AuditDoor, pairs: readonly { before: StoredRecord; after: StoredRecord; auditAs?: AuditAction }[], wrote: (rows: number) => void): Promise<unknown>[] {
    if (pairs.length === 0) return [];
    const changes = pairs.map(({ before, after, auditAs }) => {
      const keys = [...new Set([...Object.keys(before.doc), ...Object.keys(after.doc)])].filter((key) => !sameJson(before.doc[key], after.doc[key]));
      const set = Object.fromEntries(keys.filter((key) => after.doc[key] !== undefined).map((key) => [key, after.doc[key]]));
      const unset = keys.filter((key) => after.doc[key] === undefined);
      const slice = (doc: Doc) => Object.fromEntries(keys.map((key) => [key, doc[key]]));
      return { id: before.id, set, unset, audit: { recordId: before.id, action: auditAs ?? ('update' as const), changes: auditDiff(def, slice(before.doc), slice(after.doc)) } };
    });
    return [
      Promise.all([bulkMerge(tx, def, actor.companyId, changes), this.audit.recordMany(tx, actor, door, def, changes.map((change) => change.audit))]).then(() => wrote(pairs.length)),
    ];
  }

  /** Ends for good the sessions the writes take away (ended-sessions.ts); the actor's own survives their own new email or password. */
  private endSessions(tx: Queryable, def: ResourceDef, actor: Actor, changes: readonly SessionChange[]): Promise<number> {
    return endSessions(tx, actor.companyId, sessionsEndedBy(def, changes), actor.sessionKey ?? null);
  }
}

/** A password written by any path is stored as its argon2id hash, never as typed; an unchanged one stays. */
async function hashNewPasswords(def: ResourceDef, before: Doc | null, after: Doc): Promise<void> {
  for (const path of passwordPaths(def)) {
    const password = getPath(after, path);
    if (typeof password !== 'string' || password === '' || password === getPath(before, path)) continue;
    setPath(after, path, await hashPassword(password));
  }
}
