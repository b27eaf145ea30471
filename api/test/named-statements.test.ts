import { describe, expect, it } from 'vitest';
import { namedStatement } from '../src/database/database';
import { openPostgres } from '../src/database/postgres-database';

const PROBE = namedStatement('named_statement_probe', 'SELECT $1::int + 1 AS n');

/** Needs DATABASE_URL: PGlite runs a named statement's text. */
describe.runIf(Boolean(process.env.DATABASE_URL))('named statements on a PostgreSQL server', () => {
  for (const named of [true, false]) {
    it(named ? 'are prepared once on the connection and run again from there' : 'run unnamed with NAMED_STATEMENTS=false, for a pooler that cannot track them', async () => {
      const db = await openPostgres(process.env.DATABASE_URL!, null, { poolSize: 1, namedStatements: named });
      try {
        expect(await db.query(PROBE, [1])).toEqual([{ n: 2 }]);
        expect(await db.query(PROBE, [2])).toEqual([{ n: 3 }]);
        expect(await db.transaction((tx) => tx.query(PROBE, [5]))).toEqual([{ n: 6 }]);
        const prepared = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
        expect(prepared.map((row) => row.name).includes(PROBE.name)).toBe(named);
      } finally {
        await db.close();
      }
    });
  }
});
