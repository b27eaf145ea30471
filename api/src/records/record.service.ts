import { Injectable } from '@nestjs/common';
import {
  type Action,
  type ResourceDef,
  findResource,
  forbiddenWrites,
  getPath,
  isPlainObject,
  mayAct,
  mergePatch,
  resolveField,
  setPath,
  thirdPartyScope,
  validateRecord,
  withDefaults,
} from '@backoffice/resources';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/actor';
import { forbidden, invalid, notFound } from '../common/errors';
import { newId } from '../common/object-id';
import type { Queryable } from '../database/database';
import { type ListQuery, Params, type RawQuery, parseListQuery } from './list-query';
import { inputBody, stampTimes } from './record-input';
import { selectPaths, toOutput } from './record-output';
import { RecordHooks } from './record-hooks';
import { type Doc, RecordRepository, type StoredRecord } from './record-repository';
import { Populator } from './populate';
import { missingReferences } from './reference-check';

/** Lists count their rows exactly up to this many (or to the end of the page asked for, when that is further). */
export const COUNT_CAP = 10_000;

export interface ListTotal {
  total: number;
  /** true when there are more rows than `total` (the count stopped at its cap) */
  totalIsLowerBound: boolean;
}

/** The generic CRUD every resource gets: permissions, validation, tenancy, hooks and audit in one place. */
@Injectable()
export class RecordService {
  constructor(
    private readonly records: RecordRepository,
    private readonly audit: AuditService,
    private readonly hooks: RecordHooks,
    private readonly populator: Populator,
  ) {}

  /** The definition, when the actor may perform the action on it: unknown model 404, not allowed 403. */
  resource(model: string, actor: Actor, action: Action): ResourceDef {
    const def = findResource(model);
    if (!def) throw notFound(`Unknown model "${model}"`);
    if (!mayAct(def, action, actor.rights, actor.access)) throw forbidden(`You may not ${action} ${model}`);
    return def;
  }

  /** For third-party users: the ids their access entries cover, or null when their rights cover all. */
  scope(def: ResourceDef, action: Action, actor: Actor): string[] | null {
    const allowed = def.access[action];
    if (actor.rights.has('super') || (allowed && allowed.some((right) => actor.rights.has(right)))) return null;
    const scope = thirdPartyScope(def, action, actor.access);
    return scope === 'all' ? null : (scope ?? []);
  }

  async list(model: string, actor: Actor, query: RawQuery): Promise<{ records: Doc[] } & ListTotal> {
    const def = this.resource(model, actor, 'read');
    const params = new Params();
    const parsed = parseListQuery(def, query, actor.rights, params);
    const scope = this.scope(def, 'read', actor);
    if (scope) parsed.conditions.push(`id = ANY(${params.add(scope)}::text[])`);
    const [rows, total] = await Promise.all([
      this.records.page(def, actor.companyId, parsed),
      this.total(def, actor.companyId, parsed, scope !== null),
    ]);
    const records = await this.shape(def, rows, actor, parsed.select, parsed.populate);
    return { records, ...total };
  }

  /**
   * The total: exact from a domain's kept totals when one answers this shape, else rows counted up to a cap
   * (past the page asked for), so a page of 25 never counts a million rows; above the cap it is a lower bound.
   */
  private async total(def: ResourceDef, companyId: string, query: ListQuery, scoped: boolean): Promise<ListTotal> {
    if (!scoped && !query.search) {
      for (const hook of this.hooks.for(def.name)) {
        const total = await hook.countShortcut?.(companyId, query.filters);
        if (total !== undefined && total !== null) return { total, totalIsLowerBound: false };
      }
    }
    const cap = Math.max(COUNT_CAP, query.offset + query.limit);
    const counted = await this.records.countUpTo(def, companyId, query, cap + 1);
    return counted > cap ? { total: cap, totalIsLowerBound: true } : { total: counted, totalIsLowerBound: false };
  }

  async get(model: string, actor: Actor, id: string, query: RawQuery = {}): Promise<Doc> {
    const def = this.resource(model, actor, 'read');
    const params = new Params();
    const { select, populate } = parseListQuery(def, { _select: query._select, _populate: query._populate }, actor.rights, params);
    const record = await this.found(def, actor, id, 'read');
    return (await this.shape(def, [record], actor, select, populate))[0];
  }

  private async shape(def: ResourceDef, rows: StoredRecord[], actor: Actor, select: string[] | null, populate: string[]): Promise<Doc[]> {
    const docs = rows.map((row) => toOutput(def, row, actor.rights));
    await this.populator.populate(def, docs, populate, actor);
    return select ? docs.map((doc) => selectPaths(doc, [...select, ...populate])) : docs;
  }

  private async found(def: ResourceDef, actor: Actor, id: string, action: Action, tx?: Queryable): Promise<StoredRecord> {
    const scope = this.scope(def, action, actor);
    const record = await this.records.get(def, actor.companyId, id, tx, Boolean(tx));
    if (!record || (scope && !scope.includes(id))) throw notFound(`No ${def.name} with id ${id}`);
    return record;
  }

  private check(def: ResourceDef, actor: Actor, body: Doc, doc: Doc): void {
    const errors = [...forbiddenWrites(def, body, actor.rights), ...validateRecord(def, doc)];
    if (errors.length > 0) throw invalid(`${def.label} is not valid: ${errors.map((error) => error.message).join('; ')}`, errors);
  }

  /** References the write sets must point at records of the company. */
  private async checkReferences(tx: Queryable, def: ResourceDef, actor: Actor, before: Doc | null, after: Doc): Promise<void> {
    const [errors] = await missingReferences(tx, actor.companyId, def, [{ before, after }]);
    if (errors.length > 0) throw invalid(`${def.label} is not valid: ${errors.map((error) => error.message).join('; ')}`, errors);
  }

  async create(model: string, actor: Actor, body: unknown): Promise<Doc> {
    const def = this.resource(model, actor, 'create');
    const input = inputBody(def, body);
    const doc = stampTimes(def, withDefaults(def, input), true);
    this.check(def, actor, input, doc);
    const id = newId();
    await this.records.transaction(async (tx) => {
      await this.checkReferences(tx, def, actor, null, doc);
      for (const hook of this.hooks.for(def.name)) await hook.beforeCreate?.(tx, actor, doc);
      await this.records.insert(tx, def, actor.companyId, id, doc);
      await this.audit.record(tx, actor, def, id, 'create', null, doc);
    });
    return toOutput(def, { id, doc }, actor.rights);
  }

  async update(model: string, actor: Actor, id: string, body: unknown): Promise<Doc> {
    const def = this.resource(model, actor, 'update');
    const input = inputBody(def, body);
    const doc = await this.records.transaction(async (tx) => {
      const before = await this.found(def, actor, id, 'update', tx);
      const after = stampTimes(def, mergePatch(before.doc, input), false);
      this.check(def, actor, input, after);
      await this.checkReferences(tx, def, actor, before.doc, after);
      for (const hook of this.hooks.for(def.name)) await hook.beforeUpdate?.(tx, actor, before, after);
      await this.records.update(tx, def, actor.companyId, id, after);
      await this.audit.record(tx, actor, def, id, 'update', before.doc, after);
      return after;
    });
    return toOutput(def, { id, doc }, actor.rights);
  }

  async setArchived(model: string, actor: Actor, id: string, archived: boolean): Promise<Doc> {
    const def = this.resource(model, actor, 'archive');
    if (!def.archivable) throw invalid(`${def.label} cannot be archived`);
    const doc = await this.records.transaction(async (tx) => {
      const before = await this.found(def, actor, id, 'archive', tx);
      const after = stampTimes(def, mergePatch(before.doc, { meta: { archived } }), false);
      await this.records.update(tx, def, actor.companyId, id, after);
      await this.audit.record(tx, actor, def, id, archived ? 'archive' : 'unarchive', before.doc, after);
      return after;
    });
    return toOutput(def, { id, doc }, actor.rights);
  }

  async duplicate(model: string, actor: Actor, id: string): Promise<Doc> {
    const def = this.resource(model, actor, 'create');
    const copyId = newId();
    const doc = await this.records.transaction(async (tx) => {
      const original = await this.found(def, actor, id, 'read', tx);
      const copy = stampTimes(def, copyOf(def, original.doc), true);
      await this.records.insert(tx, def, actor.companyId, copyId, copy);
      await this.audit.record(tx, actor, def, copyId, 'create', null, copy);
      for (const hook of this.hooks.for(def.name)) await hook.afterDuplicate?.(tx, actor, original, copyId);
      // a hook may have changed the copy (a merchant's layouts point at its copied products)
      return (await this.records.get(def, actor.companyId, copyId, tx))?.doc ?? copy;
    });
    return toOutput(def, { id: copyId, doc }, actor.rights);
  }

  async remove(model: string, actor: Actor, id: string): Promise<Doc> {
    const def = this.resource(model, actor, 'delete');
    const record = await this.records.transaction(async (tx) => {
      const before = await this.found(def, actor, id, 'delete', tx);
      for (const hook of this.hooks.for(def.name)) await hook.beforeDelete?.(tx, actor, before);
      await this.records.remove(tx, def, actor.companyId, id);
      await this.audit.record(tx, actor, def, id, 'delete', before.doc, null);
      return before;
    });
    return toOutput(def, record, actor.rights);
  }
}

/** A copy named '... (copy)' when the name leaves room, never archived. */
function copyOf(def: ResourceDef, doc: Doc): Doc {
  const copy = structuredClone(doc);
  const name = getPath(copy, def.titlePath);
  const max = resolveField(def, def.titlePath)?.max ?? Infinity;
  if (typeof name === 'string' && name.length + ' (copy)'.length <= max) setPath(copy, def.titlePath, `${name} (copy)`);
  if (def.archivable && isPlainObject(copy.meta)) copy.meta.archived = false;
  return copy;
}
