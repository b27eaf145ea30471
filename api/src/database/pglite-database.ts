import { PGlite, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Database, type Queryable, openTransaction, workMemSetting } from './database';

/** bigint columns come back as numbers: counts, cents and unix seconds stay far below 2^53. */
const parsers = { [types.INT8]: (value: string) => Number(value) };

export async function openPglite(dataDir: string | null, { workMem }: { workMem?: string } = {}): Promise<Database> {
  // pg_trgm and btree_gin serve the search indexes (the migrations create the extensions)
  const db = await PGlite.create({ dataDir: dataDir ?? undefined, parsers, extensions: { btree_gin, pg_trgm } });
  // its one connection keeps the setting
  await db.exec(`SET work_mem = '${workMemSetting(workMem)}'`);
  const asQueryable = (target: { query: PGlite['query'] }): Queryable => ({
    async query(sql, params) {
      const result = await target.query(typeof sql === 'string' ? sql : sql.text, params as unknown[]);
      return result.rows as never[];
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(db),
    async transaction(fn) {
      let open: ReturnType<typeof openTransaction> | undefined;
      const result = await db.transaction((tx) => fn((open = openTransaction(asQueryable(tx))).tx));
      open?.committed();
      return result;
    },
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
    // taken inside a transaction of its own: PGlite runs no other statement until it ends, so the checkpoint
    // writes every committed change to the data files and no transaction is half way in the copy
    dumpDataDir: () =>
      db.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return db.dumpDataDir('none');
      }),
  };
}
