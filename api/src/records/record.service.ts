import { Injectable } from '@nestjs/common';
import {
  type Action,
  type ResourceDef,
  canWriteField,
  deletePath,
  fieldsByPath,
  findResource,
  getPath,
  isPlainObject,
  mayAct,
  resolveField,
  rightsFor,
  setPath,
  thirdPartyScope,
} from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { forbidden, invalid, missingRight, notFound } from '../common/errors';
import type { Queryable } from '../database/database';
import { columnName, tableName } from '../database/naming';
import { ColumnStatistics } from './column-statistics';
import { encodeCursor } from './list-cursor';
import { type ListQuery, Params, type RawQuery, pagingNeeded, parseListQuery } from './list-query';
import { asReader, outputDocSql, outputRowJson, readRowToOutput, selectPaths, toOutput } from './record-output';
import { RecordHooks } from './record-hooks';
import { type Doc, type OutputRow, RecordRepository, type StoredRecord } from './record-repository';
import { ownerAllows, ownerCondition } from './owner-rule';
import { recordVersion } from './record-version';
import { Populator } from './populate';
import { type WriteOptions, WritePipeline } from './write-pipeline';

/** Lists count their rows exactly up to this many (or to the end of the page asked for, when that is further). */
export const COUNT_CAP = 10_000;

/** Distinct values of a sort read in one statement when a page is read within each value in turn. */
export const SORT_VALUES_AT_ONCE = 8;

/** Rows counted before a total becomes a lower bound: the cap, or further when the page asked for lies beyond it. */
export const countCap = (query: ListQuery) => Math.max(COUNT_CAP, query.offset + query.limit);

/**
 * Entries of the sort's index a page walks before it is read another way, 40 per row up to the page's end: its rows
 * are then rarer than one in 40.
 */
export const walkEntries = (query: ListQuery) => 40 * (query.offset + query.limit);

/** A walk of the sort's index tests some of the list's conditions row by row (see ListQuery.sortIndexConditions). */
export const walkTestsRows = (query: ListQuery) => !query.byValue && query.sortIndexConditions !== null && query.conditions.length > query.sortIndexConditions.length;

export interface ListTotal {
  total: number;
  /** true when there are more rows than `total` (the count stopped at its cap) */
  totalIsLowerBound: boolean;
}

/** A page of a list: its total, and the cursor of the rows after it when the page is full (none past the last). */
export interface ListPage extends ListTotal {
  nextCursor: string | null;
}

/**
 * Rows per value from which a search on the sorted column is read value by value rather than walked: one descent of
 * the index to the next value costs about as much as testing 16 entries on a walk (6.5 against 0.4 µs).
 */
const ROWS_PER_VALUE_READ_APART = 20;

/**
 * Rows per value from which a search within each value of its sort (ListQuery.sortValues without a deciding text) is
 * looked up value by value: each value costs a count and a read through the search index, about what walking past
 * 10 000 rows does.
 */
const ROWS_PER_VALUE_SEARCHED_APART = 10_000;

/**
 * How a page of text matches is read when more match than the count's cap (so its matches are too many to sort):
 * value by value of the sort where the text tests the sorted column alone and its values repeat
 * (`distinctSortValues`); as the list within each value of the sort in turn where the sorted field is a key of the
 * search index, each value holds many rows and the page lies within the cap, so each value passed whole is counted
 * exactly (`withinEachSortValue`); else by walking the sort's index. By the server's statistics of the column.
 */
export async function pastCapRead(statistics: ColumnStatistics, def: ResourceDef, query: ListQuery): Promise<'walk' | 'distinctSortValues' | 'withinEachSortValue'> {
  if (!query.sortValues) return 'walk';
  const rowsPerValue = (await statistics.rowsPerValue(tableName(def), columnName(query.sortValues.path))) ?? 0;
  if (query.sortValues.decidingText) return rowsPerValue >= ROWS_PER_VALUE_READ_APART ? 'distinctSortValues' : 'walk';
  return rowsPerValue >= ROWS_PER_VALUE_SEARCHED_APART && query.offset + query.limit <= COUNT_CAP ? 'withinEachSortValue' : 'walk';
}

/** A page from the first row on, of one row or more: when it is empty, so is the list. */
export const opensTheList = (query: ListQuery) => query.offset === 0 && query.limit > 0;

/** The total of rows counted up to one past the cap. */
const cappedTotal = (counted: number, cap: number): ListTotal => (counted > cap ? { total: cap, totalIsLowerBound: true } : { total: counted, totalIsLowerBound: false });

/** The cursor of the rows after a full page, from its last row's sort values; none for a short page or paging off. */
function nextCursor({ parsed, rows }: { parsed: ListQuery; rows: OutputRow[] }): string | null {
  const last = rows[rows.length - 1];
  if (parsed.pagingOff || parsed.limit === 0 || rows.length < parsed.limit || !last?.sortKey) return null;
  return encodeCursor(parsed.sortTerms, JSON.parse(last.sortKey) as unknown[]);
}

/** The generic CRUD every resource gets: the model's access rules and tenancy here, every write through the one write pipeline. */
@Injectable()
export class RecordService {
  constructor(
    private readonly records: RecordRepository,
    private readonly pipeline: WritePipeline,
    private readonly hooks: RecordHooks,
    private readonly populator: Populator,
    private readonly statistics: ColumnStatistics,
  ) {}

  /** The definition, when the actor may perform the action on it: unknown model 404, not allowed 403. */
  resource(model: string, actor: Actor, action: Action): ResourceDef {
    const def = findResource(model);
    if (!def) throw notFound(`Unknown model "${model}"`);
    if (!mayAct(def, action, actor.rights, actor.access)) {
      const needed = rightsFor(def, action);
      throw needed ? missingRight(needed, `You may not ${action} ${model}`) : forbidden(`Nobody may ${action} ${model}`);
    }
    return def;
  }

  /** For third-party users: the ids their access entries cover, or null when their rights cover all. */
  scope(def: ResourceDef, action: Action, actor: Actor): string[] | null {
    const allowed = def.access[action];
    if (actor.rights.has('super') || (allowed && allowed.some((right) => actor.rights.has(right)))) return null;
    const scope = thirdPartyScope(def, action, actor.access);
    return scope === 'all' ? null : (scope ?? []);
  }

  async list(model: string, actor: Actor, query: RawQuery): Promise<{ records: Doc[] } & ListPage> {
    const { total, ...page } = await this.page(model, actor, query);
    return { records: await this.pageRecords(page, actor), ...total, nextCursor: nextCursor(page) };
  }

  /** list() as the API's JSON text: a page with nothing to populate, select or read as its reader goes out as the database shaped it. */
  async listJson(model: string, actor: Actor, query: RawQuery): Promise<{ json: string } & ListPage> {
    const { total, ...page } = await this.page(model, actor, query);
    const cursor = { ...total, nextCursor: nextCursor(page) };
    if (page.parsed.populate.length === 0 && !page.parsed.select && !page.def.readAs) return { json: `[${page.rows.map(outputRowJson).join(',')}]`, ...cursor };
    return { json: JSON.stringify(await this.pageRecords(page, actor)), ...cursor };
  }

  /** A page's rows as records, with what the query populates and selects. */
  private pageRecords({ def, parsed, rows }: { def: ResourceDef; parsed: ListQuery; rows: OutputRow[] }, actor: Actor): Promise<Doc[]> {
    return this.shape(def, rows.map((row) => asReader(def, JSON.parse(outputRowJson(row)) as Doc, actor.rights)), actor, parsed.select, parsed.populate);
  }

  /** The rows of a list page, shaped for output by the database, and the list's total. */
  private async page(model: string, actor: Actor, query: RawQuery): Promise<{ def: ResourceDef; parsed: ListQuery; rows: OutputRow[]; total: ListTotal }> {
    const def = this.resource(model, actor, 'read');
    const { parsed, scoped } = this.parsed(def, actor, query);
    const output = outputDocSql(def, actor.rights);
    const read = await this.read(def, actor, query, { parsed, scoped, output });
    // without paging every row comes, or none: a client that asked for all must not take the first ones for all
    if (parsed.pagingOff && read.rows.length === parsed.limit) throw pagingNeeded(def);
    return { def, parsed, ...read };
  }

  /** A list request checked, with the conditions of a third party's scope and of the owner rule added. */
  parsed(def: ResourceDef, actor: Actor, query: RawQuery): { parsed: ListQuery; scoped: boolean } {
    const params = new Params();
    const parsed = parseListQuery(def, query, actor.rights, params);
    const scope = this.scope(def, 'read', actor);
    if (scope) parsed.conditions.push(`id = ANY(${params.add(scope)}::text[])`);
    const owned = ownerCondition(def, actor, params);
    if (owned) parsed.conditions.push(owned);
    return { parsed, scoped: scope !== null || owned !== null };
  }

  /** A checked list request's page and total (`query`: the request as sent, to read it within each value of its sort). */
  private async read(def: ResourceDef, actor: Actor, query: RawQuery, list: { parsed: ListQuery; scoped: boolean; output: string }): Promise<{ rows: OutputRow[]; total: ListTotal }> {
    const { parsed, scoped, output } = list;
    if (parsed.afterRow) {
      const [rows, total] = await Promise.all([this.records.pageJson(def, actor.companyId, parsed, output), this.total(def, actor.companyId, parsed, scoped)]);
      return { rows, total };
    }
    if (parsed.matchesText) {
      // matches of a text, up to the count's cap, are counted and sorted in one statement (counted on their own when
      // a page past the first is empty); past the cap, the page is read from the sort's index (pastCapRead)
      const cap = countCap(parsed);
      const matches = await this.records.matchesJson(def, actor.companyId, parsed, output, cap + 1);
      const counted = matches.matched ?? (opensTheList(parsed) ? 0 : await this.records.countUpTo(def, actor.companyId, parsed, cap + 1));
      const total = cappedTotal(counted, cap);
      if (!total.totalIsLowerBound) return { rows: matches.rows, total };
      const pastCap = await pastCapRead(this.statistics, def, parsed);
      if (pastCap === 'withinEachSortValue') return { rows: await this.withinEachSortValue(def, actor, query, list), total };
      return { rows: await this.records.pageJson(def, actor.companyId, parsed, output, pastCap === 'distinctSortValues' ? { distinctSortValues: true } : {}), total };
    }
    if (walkTestsRows(parsed)) {
      // The walk may pass many rows before those that pass its tests (users created last month, sorted by last
      // activity: the least active first, created long before). It stops after a budget of entries; a page that
      // comes out short is read from the matches, sorted, when the count finds them few (none past an empty page),
      // else by the whole walk.
      const [walked, total] = await Promise.all([
        this.records.pageJson(def, actor.companyId, parsed, output, { walkEntries: walkEntries(parsed) }),
        this.total(def, actor.companyId, parsed, scoped),
      ]);
      if (walked.length === parsed.limit) return { rows: walked, total };
      const counted = total.totalIsLowerBound ? Infinity : total.total;
      if (counted <= parsed.offset) return { rows: [], total };
      return { rows: await this.records.pageJson(def, actor.companyId, parsed, output, counted <= countCap(parsed) ? { sortMatchesUpTo: countCap(parsed) + 1 } : {}), total };
    }
    const [rows, total] = await Promise.all([this.records.pageJson(def, actor.companyId, parsed, output), this.total(def, actor.companyId, parsed, scoped)]);
    return { rows, total };
  }

  /**
   * A page of text matches sorted by a key of the search index, read as the same list filtered to each value of the
   * sort in turn (a search within a key filter: counted, and its matches sorted, through that index) until the page is
   * full. A walk of the sort's index would test every row of a value holding none (SMS containing "You" sorted by
   * template: the 120 000 of a template without it, 215 ms). Where the matches come soon, a walk with a budget of
   * entries finds them first, over all values and then within each. The page lies within the count's cap, so each
   * value passed whole was counted exactly.
   */
  private async withinEachSortValue(def: ResourceDef, actor: Actor, query: RawQuery, list: { parsed: ListQuery; output: string }): Promise<OutputRow[]> {
    const { parsed, output } = list;
    const walked = await this.records.pageJson(def, actor.companyId, parsed, output, { walkEntries: walkEntries(parsed) });
    if (walked.length === parsed.limit) return walked;
    const rows: OutputRow[] = [];
    let skip = parsed.offset;
    for (let after: string | null = null; ; ) {
      const values = await this.records.sortValuesAfter(def, actor.companyId, parsed, after, SORT_VALUES_AT_ONCE);
      for (const value of values) {
        const needed = parsed.limit - rows.length;
        const withinQuery = { ...query, [parsed.sortValues!.path]: value, _start: String(skip), _end: String(skip + needed) };
        const within = this.parsed(def, actor, withinQuery);
        const walkedWithin = await this.records.pageJson(def, actor.companyId, within.parsed, output, { walkEntries: walkEntries(within.parsed) });
        if (walkedWithin.length === needed) return [...rows, ...walkedWithin];
        const read = await this.read(def, actor, withinQuery, { ...within, output });
        rows.push(...read.rows);
        if (rows.length === parsed.limit) return rows;
        skip = Math.max(0, skip - read.total.total);
      }
      if (values.length < SORT_VALUES_AT_ONCE) return rows;
      after = values[values.length - 1];
    }
  }

  /**
   * The total: exact from a domain's kept totals when one answers this shape, else rows counted up to a cap
   * (past the page asked for), so a page of 25 never counts a million rows; above the cap it is a lower bound.
   */
  private async total(def: ResourceDef, companyId: string, query: ListQuery, scoped: boolean): Promise<ListTotal> {
    if (!scoped && !query.matchesText) {
      for (const hook of this.hooks.for(def.name)) {
        const total = await hook.countShortcut?.(companyId, query.filters);
        if (total !== undefined && total !== null) return { total, totalIsLowerBound: false };
      }
    }
    const cap = countCap(query);
    return cappedTotal(await this.records.countUpTo(def, companyId, query, cap + 1), cap);
  }

  async get(model: string, actor: Actor, id: string, query: RawQuery = {}): Promise<Doc> {
    return (await this.getVersioned(model, actor, id, query)).record;
  }

  /** get(), with the version of the record read (its ETag). */
  async getVersioned(model: string, actor: Actor, id: string, query: RawQuery = {}): Promise<{ record: Doc; version: string }> {
    const def = this.resource(model, actor, 'read');
    const params = new Params();
    const { select, populate } = parseListQuery(def, { _select: query._select, _populate: query._populate }, actor.rights, params);
    const record = await this.found(def, actor, id, 'read');
    const version = recordVersion(record.doc);
    return { record: (await this.shape(def, [asReader(def, readRowToOutput(def, record, actor.rights), actor.rights)], actor, select, populate))[0], version };
  }

  /** Records in their output shape with the references asked for populated, and only the paths selected. */
  private async shape(def: ResourceDef, docs: Doc[], actor: Actor, select: string[] | null, populate: string[]): Promise<Doc[]> {
    await this.populator.populate(def, docs, populate, actor);
    return select ? docs.map((doc) => selectPaths(doc, [...select, ...populate])) : docs;
  }

  /**
   * The record, within what the action lets the actor reach (any of the company's for a domain write: `action` null);
   * read for update inside a transaction.
   */
  async found(def: ResourceDef, actor: Actor, id: string, action: Action | null, tx?: Queryable): Promise<StoredRecord> {
    const scope = action && this.scope(def, action, actor);
    const record = await this.records.get(def, actor.companyId, id, tx, Boolean(tx));
    if (!record || (scope && !scope.includes(id)) || (action && !ownerAllows(def, actor, record.doc, action))) throw notFound(`No ${def.name} with id ${id}`);
    return record;
  }

  async create(model: string, actor: Actor, body: unknown, options: WriteOptions = {}): Promise<Doc> {
    const def = this.writable(model, actor, 'create', options);
    const record = await this.pipeline.writeOne(def, actor, { before: null, input: inputObject(body) }, options);
    return toOutput(def, record, actor.rights);
  }

  async update(model: string, actor: Actor, id: string, body: unknown, options: WriteOptions = {}): Promise<Doc> {
    return (await this.patch(model, actor, id, body, options)).record;
  }

  /**
   * An update, how many sessions it ended (a new email or password, a right taken, archived: ended-sessions.ts) and
   * the record's version after it.
   */
  async patch(model: string, actor: Actor, id: string, body: unknown, options: WriteOptions = {}): Promise<{ record: Doc; sessionsEnded: number; version: string }> {
    const def = this.writable(model, actor, 'update', options);
    const input = inputObject(body);
    const written = await this.inTransaction(options, async (tx) => {
      const before = await this.found(def, actor, id, options.domain ? null : 'update', tx);
      return this.pipeline.writeOne(def, actor, { before, input }, { ...options, tx });
    });
    return { record: toOutput(def, written, actor.rights), sessionsEnded: written.sessionsEnded, version: recordVersion(written.doc) };
  }

  async setArchived(model: string, actor: Actor, id: string, archived: boolean, options: WriteOptions = {}): Promise<Doc> {
    const def = this.writable(model, actor, 'archive', options);
    if (!def.archivable) throw invalid(`${def.label} cannot be archived`);
    const record = await this.inTransaction(options, async (tx) => {
      const before = await this.found(def, actor, id, 'archive', tx);
      const write = { before, input: { meta: { archived } }, auditAs: archived ? ('archive' as const) : ('unarchive' as const) };
      // archiving is its own right: the archive flag is written as a domain write, every other rule holds
      return this.pipeline.writeOne(def, actor, write, { ...options, tx, domain: true });
    });
    return toOutput(def, record, actor.rights);
  }

  /**
   * A copy through the create path: the fields the model's definition clears and those the actor may not
   * write are left out, then the copy is checked like any new record and the domain's copy hooks run.
   */
  async duplicate(model: string, actor: Actor, id: string, options: WriteOptions = {}): Promise<Doc> {
    const def = this.writable(model, actor, 'create', options);
    const record = await this.inTransaction(options, async (tx) => {
      const original = await this.found(def, actor, id, 'read', tx);
      if (def.duplicate === false) throw invalid(`${def.labelPlural ?? def.label} cannot be duplicated`);
      const copy = await this.pipeline.writeOne(def, actor, { before: null, input: copyOf(def, original.doc, actor) }, { tx, door: options.door });
      for (const hook of this.hooks.for(def.name)) await hook.afterDuplicate?.(tx, actor, original, copy.id);
      // a hook may have changed the copy (a merchant's layouts point at its copied products)
      return (await this.records.get(def, actor.companyId, copy.id, tx)) ?? copy;
    });
    return toOutput(def, record, actor.rights);
  }

  async remove(model: string, actor: Actor, id: string, options: WriteOptions = {}): Promise<Doc> {
    const def = this.writable(model, actor, 'delete', options);
    const record = await this.inTransaction(options, async (tx) => {
      const before = await this.found(def, actor, id, 'delete', tx);
      await this.pipeline.remove(def, actor, before, { ...options, tx });
      return before;
    });
    return toOutput(def, record, actor.rights);
  }

  /** The definition for a write: a domain endpoint has checked its own right, a generic write checks the model's. */
  private writable(model: string, actor: Actor, action: Action, options: WriteOptions): ResourceDef {
    if (!options.domain) return this.resource(model, actor, action);
    const def = findResource(model);
    if (!def) throw notFound(`Unknown model "${model}"`);
    return def;
  }

  private inTransaction<T>(options: WriteOptions, run: (tx: Queryable) => Promise<T>): Promise<T> {
    return options.tx ? run(options.tx) : this.records.transaction(run);
  }
}

function inputObject(body: unknown): Doc {
  if (!isPlainObject(body)) throw invalid('The request body must be a JSON object');
  return body;
}

/**
 * A copy named '... (copy)' when its title is a name that leaves room, never archived, without what the definition clears
 * and without the fields the actor may not write (or that only the server and endpoints set).
 */
function copyOf(def: ResourceDef, doc: Doc, actor: Actor): Doc {
  const copy = structuredClone(doc);
  for (const path of def.duplicate ? def.duplicate.clears : []) deletePath(copy, path);
  for (const [path, field] of fieldsByPath(def)) if (!canWriteField(field, actor.rights)) deletePath(copy, path);
  const name = getPath(copy, def.titlePath);
  const title = resolveField(def, def.titlePath);
  if (title?.kind === 'text' && typeof name === 'string' && name.length + ' (copy)'.length <= (title.max ?? Infinity)) setPath(copy, def.titlePath, `${name} (copy)`);
  if (def.archivable && isPlainObject(copy.meta)) copy.meta.archived = false;
  return copy;
}
