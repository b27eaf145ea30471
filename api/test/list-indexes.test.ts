import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResourceDef, RESOURCES, matchedTextColumns, offeredSorts, resolveField, searchIndex, sortNeedsFilter } from '@backoffice/resources';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { runMigrations } from '../src/database/migrations';
import { quote, tableName } from '../src/database/naming';
import { openDatabase } from '../src/database/open-database';
import { Params, type RawQuery, parseListQuery } from '../src/records/list-query';
import { BITMAP_PLANS, RecordRepository, type Statement } from '../src/records/record-repository';
import { walkEntries, walkTestsRows } from '../src/records/record.service';
import { insertGeneratedRows, sampleFilter } from './support/generated-rows';

/**
 * For every model of the registry, on 100 000 generated rows of one company (and 1 000 of another): every filter,
 * sort and search the admin offers is planned without a sequential scan of the table, for the page and for the
 * capped count alike, and every offered sort's page is read in order from an index, without sorting. It runs on
 * the PostgreSQL server (about 6 minutes on the 2-core machine); on the embedded database, whose planner is the
 * same code, only when LIST_INDEX_ROWS asks for it (100 000 rows of every model take it about 12 minutes; below
 * some 50 000 rows a sequential scan is the cheaper plan and rightly chosen).
 */
const ROWS = Number(process.env.LIST_INDEX_ROWS ?? 100_000);
const RUN = Boolean(process.env.DATABASE_URL || process.env.LIST_INDEX_ROWS);
const COMPANY = 'c0000000000000000000000a';
const OTHER = 'c0000000000000000000000b';
const SUPER = new Set(['super'] as const);

let db: Database;
let schema: string | null;
beforeAll(async () => {
  if (!RUN) return;
  schema = process.env.DATABASE_URL ? `test_list_indexes_${process.pid}` : null;
  db = await openDatabase({ ...loadConfig({ ...process.env, SEED_DEMO: 'false' }), dataDir: null, databaseSchema: schema });
  await runMigrations(db);
}, 60_000);
afterAll(async () => {
  if (!RUN) return;
  if (schema) await db.exec(`DROP SCHEMA ${quote(schema)} CASCADE`);
  await db.close();
});

/** The shapes the admin can make on a model: each offered filter, each offered sort both ways, a search. */
function offeredShapes(def: ResourceDef): [string, RawQuery][] {
  const shapes: [string, RawQuery][] = [['default', {}]];
  for (const path of def.list.filters ?? []) shapes.push([`filter ${path}`, sampleFilter(def, path)]);
  for (const [shape, query] of sortShapes(def)) shapes.push([shape, query]);
  if (def.list.searchable.length > 0) shapes.push(['search', { q: 'w123-' }]);
  return shapes;
}

/**
 * Shapes whose page an index must hand over in order, without sorting: each offered sort both ways, a sorted
 * column filtered to one value, each reference filter in the default order, and each filter declared with a sort
 * in a composite index (a merchant's sales by name) sorted by it.
 */
function sortShapes(def: ResourceDef): [string, RawQuery][] {
  const shapes: [string, RawQuery][] = [];
  const orders = ['asc', 'desc'];
  for (const path of offeredSorts(def)) {
    // a sort served within a filter (sortNeedsFilter) is made with that filter, as the admin makes it
    const needs = sortNeedsFilter(def, path);
    const within = needs ? sampleFilter(def, needs) : {};
    for (const order of orders) shapes.push([`sort ${path} ${order}${needs ? `, filter ${needs}` : ''}`, { ...within, _sort: path, _order: order }]);
  }
  const sorts = new Set(offeredSorts(def));
  for (const filter of def.list.filters ?? []) {
    const sample = sampleFilter(def, filter);
    if (!sorts.has(filter) || !(filter in sample)) continue;
    // the admin's choice filters send `_in`, also for one value
    for (const order of orders) shapes.push([`filter ${filter}_in, sort ${filter} ${order}`, { [`${filter}_in`]: sample[filter], _sort: filter, _order: order }]);
  }
  for (const filter of def.list.filters ?? []) {
    const field = resolveField(def, filter);
    // the records of one parent in the list's own order (a template's mails, newest first)
    if (field?.kind === 'reference' && field.indexed === true) shapes.push([`filter ${filter}, default sort`, sampleFilter(def, filter)]);
  }
  for (const paths of def.indexes ?? []) {
    const [filter, sort] = paths;
    if (paths.length !== 2 || !sorts.has(sort) || !(def.list.filters ?? []).includes(filter)) continue;
    for (const order of orders) shapes.push([`filter ${filter}, sort ${sort} ${order}`, { ...sampleFilter(def, filter), _sort: sort, _order: order }]);
  }
  return shapes;
}

/**
 * Sequential scans of the table in the plan. The capped count may read the table in order when the planner expects
 * a quarter of its rows or more to match (a filter on one of three choices): the scan then stops at the cap after at
 * most four times as many rows, however large the table grows.
 */
async function seqScans(sql: string, params: unknown[], table: string, stopsAtCap: boolean): Promise<string[]> {
  return planNodes(sql, params, (node) => {
    const matching = Number(node['Plan Rows']);
    return node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table && !(stopsAtCap && matching >= ROWS / 4) ? `${matching} rows` : null;
  });
}

/** Sorts in the plan of more than `upToRows` rows: a page that an index does not hand over in order sorts every matching row first. */
async function sorts(sql: string, params: unknown[], upToRows = 0): Promise<string[]> {
  return planNodes(sql, params, (node) => (String(node['Node Type']).endsWith('Sort') && Number(node['Plan Rows']) > upToRows ? `${node['Node Type']} of ${node['Plan Rows']} rows` : null));
}

/**
 * Rows read one by one while a search walks the sort's index, as it does past the count's cap for the page's ids
 * (the statement's init plan): planned with the trigram bitmaps and sorting switched off, so it must walk.
 */
async function rowsReadByWalk(sql: string, params: unknown[], table: string): Promise<string[]> {
  const reads = (node: Record<string, unknown>) => (node['Relation Name'] === table && node['Node Type'] !== 'Index Only Scan' ? `${node['Node Type']} ${node['Index Name'] ?? ''}` : null);
  return planNodes(sql, params, reads, { settings: ['SET LOCAL enable_bitmapscan = off', 'SET LOCAL enable_sort = off'], within: inInitPlan });
}

/** The statement's init plan (the page's ids, where a statement finds them first) and what lies under it. */
const inInitPlan = (node: Record<string, unknown>) => node['Parent Relationship'] === 'InitPlan';

/**
 * Sorts, and reads of the table other than by an index in order, in the page's ids (the statement's init plan), or in
 * the whole plan of the statement run (`whole`): a plan alone leaves out a subquery in a recursion's output.
 */
async function readsOutOfOrder(sql: string, params: unknown[], table: string, whole = false): Promise<string[]> {
  const found = (node: Record<string, unknown>) => {
    if (String(node['Node Type']).endsWith('Sort')) return `${node['Node Type']} of ${node['Plan Rows']} rows`;
    return node['Relation Name'] === table && !['Index Scan', 'Index Only Scan'].includes(String(node['Node Type'])) ? `${node['Node Type']} ${node['Index Name'] ?? ''}` : null;
  };
  return planNodes(sql, params, found, whole ? { analyze: true } : { within: inInitPlan });
}

/** Reads of the table other than through index bitmaps, in a statement planned as the API plans it (Statement.bitmapsOnly). */
async function readsNotByBitmap({ sql, params, bitmapsOnly }: Statement, table: string): Promise<string[]> {
  const reads = (node: Record<string, unknown>) => (node['Relation Name'] === table && node['Node Type'] !== 'Bitmap Heap Scan' ? `${node['Node Type']} ${node['Index Name'] ?? ''}` : null);
  return planNodes(sql, params, reads, { settings: bitmapsOnly ? [BITMAP_PLANS] : [] });
}

/**
 * Plan nodes `found` names, under the nodes `within` accepts (the whole plan by default), planned after `settings`
 * (statements) in its transaction, or run (`analyze`).
 */
async function planNodes(
  sql: string,
  params: unknown[],
  found: (node: Record<string, unknown>) => string | null,
  options: { settings?: string[]; within?: (node: Record<string, unknown>) => boolean; analyze?: boolean } = {},
): Promise<string[]> {
  const { settings = [], within = () => true } = options;
  const [row] = await db.transaction(async (tx) => {
    for (const setting of settings) await tx.query(setting);
    return tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON${options.analyze ? ', ANALYZE' : ''}) ${sql}`, params);
  });
  const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  const matches: string[] = [];
  const walk = (node: Record<string, unknown>, inside: boolean) => {
    const looked = inside || within(node);
    const match = looked ? found(node) : null;
    if (match) matches.push(match);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child, looked);
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0].Plan, false);
  return matches;
}

describe.runIf(RUN)(`offered list shapes on ${ROWS} rows`, () => {
  const repository = () => new RecordRepository(db);

  it.each(RESOURCES.filter((def) => def.scope === 'company').map((def) => [def.name, def] as const))('%s: no sequential scan, no sorted page', async (_name, def) => {
    await insertGeneratedRows(db, def, COMPANY, ROWS);
    await insertGeneratedRows(db, def, OTHER, 1000, ROWS);
    // as autovacuum leaves a table that rows were added to: its statistics and its map of all-visible pages (which
    // lets a capped count read an index alone) up to date
    await db.exec(`VACUUM ANALYZE ${quote(tableName(def))}`);
    const scanned: string[] = [];
    for (const [shape, query] of offeredShapes(def)) {
      const parsed = parseListQuery(def, { ...query, _start: '0', _end: '25' }, SUPER, new Params());
      const page = repository().pageStatement(def, COMPANY, parsed);
      const count = repository().countStatement(def, COMPANY, parsed, 10_001);
      for (const found of await seqScans(page.sql, page.params, tableName(def), false)) scanned.push(`${shape}: page, ${found}`);
      for (const found of await seqScans(count.sql, count.params, tableName(def), true)) scanned.push(`${shape}: count, ${found}`);
      if (parsed.matchesText) {
        // a text's matches, counted and sorted in one statement, read as its capped count does
        const matches = repository().matchesStatement(def, COMPANY, parsed, 'id, doc', 10_001);
        for (const found of await seqScans(matches.sql, matches.params, tableName(def), true)) scanned.push(`${shape}: matches, ${found}`);
      }
      if (!walkTestsRows(parsed)) continue;
      // the walk with a budget (record.service.ts) reads its range from the sort's index, in order; the entries it
      // walked may be sorted again (by a document expression, an order the subquery does not hand on), never more
      const walk = repository().pageStatement(def, COMPANY, parsed, 'id, doc', { walkEntries: walkEntries(parsed) });
      for (const found of await seqScans(walk.sql, walk.params, tableName(def), false)) scanned.push(`${shape}: walk, ${found}`);
      for (const found of await sorts(walk.sql, walk.params, walkEntries(parsed))) scanned.push(`${shape}: walk, ${found}`);
    }
    expect(scanned).toEqual([]);
    const sorted: string[] = [];
    for (const [shape, query] of sortShapes(def)) {
      const page = repository().pageStatement(def, COMPANY, parseListQuery(def, { ...query, _start: '0', _end: '25' }, SUPER, new Params()));
      for (const found of await sorts(page.sql, page.params)) sorted.push(`${shape}: ${found}`);
    }
    expect(sorted).toEqual([]);
    // a search within a reference filter (a key of the search index) or a yes/no filter: the count (past an empty
    // page), the counted and sorted matches and the export are read through index bitmaps, whatever the planner expects
    // of how the two go together
    const narrowed: string[] = [];
    const keys = searchIndex(def)?.narrowedBy ?? [];
    for (const path of def.list.searchable.length > 0 ? (def.list.filters ?? []) : []) {
      const parsed = parseListQuery(def, { ...sampleFilter(def, path), q: 'w123-', _start: '0', _end: '25' }, SUPER, new Params());
      if (keys.includes(path) && !parsed.textWithinFilter) narrowed.push(`search within ${path}: not read through bitmaps`);
      if (!parsed.textWithinFilter) continue;
      const statements = {
        count: repository().countStatement(def, COMPANY, parsed, 10_001),
        matches: repository().matchesStatement(def, COMPANY, parsed, 'id, doc', 10_001),
        export: repository().exportCursorStatement(def, COMPANY, parsed),
      };
      for (const [name, statement] of Object.entries(statements)) {
        for (const found of await readsNotByBitmap(statement, tableName(def))) narrowed.push(`search within ${path}: ${name}, ${found}`);
      }
    }
    expect(narrowed).toEqual([]);
    // a search read value by value of its sort past the cap (pastCapRead): the values, and the rows of a search on the
    // sorted column alone, come from the sort's index, in order
    const byValue: string[] = [];
    for (const [shape, query] of def.list.searchable.length > 0 ? sortShapes(def) : []) {
      const parsed = parseListQuery(def, { ...query, q: 'w12', _start: '0', _end: '25' }, SUPER, new Params());
      if (!parsed.sortValues) continue;
      // the values statement run, as its plan alone leaves out the subquery that steps from one value to the next
      const values = repository().sortValuesStatement(def, COMPANY, parsed, null, 8);
      for (const found of await readsOutOfOrder(values.sql, values.params, tableName(def), true)) byValue.push(`${shape}, search, its values: ${found}`);
      if (!parsed.sortValues.decidingText) continue;
      const page = repository().pageStatement(def, COMPANY, parsed, 'id, doc', { distinctSortValues: true });
      for (const found of await readsOutOfOrder(page.sql, page.params, tableName(def))) byValue.push(`${shape}, search: ${found}`);
    }
    expect(byValue).toEqual([]);
    // where every searched text has a column, each sort's index carries them: a search walks it without reading the
    // rows it passes
    if (def.list.searchable.length === 0 || !def.list.searchable.every((path) => matchedTextColumns(def).includes(path))) return;
    const read: string[] = [];
    for (const [shape, query] of sortShapes(def)) {
      const page = repository().pageStatement(def, COMPANY, parseListQuery(def, { ...query, q: 'w12', _start: '0', _end: '25' }, SUPER, new Params()));
      for (const found of await rowsReadByWalk(page.sql, page.params, tableName(def))) read.push(`${shape}, search: ${found}`);
    }
    expect(read).toEqual([]);
  }, 300_000);
});
