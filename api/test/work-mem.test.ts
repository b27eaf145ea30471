import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/database/open-database';

/** The app's statements run with WORK_MEM, on whichever database the test run uses (PGlite or DATABASE_URL). */
describe('work_mem of the app’s connections', () => {
  const open = (workMem?: string) => openDatabase({ databaseUrl: process.env.DATABASE_URL || null, databaseSchema: null, dataDir: null, workMem });

  it('is 16MB unless WORK_MEM says otherwise, outside and inside a transaction', async () => {
    for (const [workMem, shown] of [[undefined, '16MB'], ['64MB', '64MB']] as const) {
      const db = await open(workMem);
      try {
        expect(await db.query('SHOW work_mem')).toEqual([{ work_mem: shown }]);
        expect(await db.transaction((tx) => tx.query('SHOW work_mem'))).toEqual([{ work_mem: shown }]);
      } finally {
        await db.close();
      }
    }
  });

  it('refuses at start an amount PostgreSQL would not read, naming the setting', () => {
    for (const bad of ['16', 'lots', "16MB'; DROP TABLE company; --", '16 MB -c search_path=x']) {
      expect(() => loadConfig({ WORK_MEM: bad })).toThrow(/WORK_MEM must be an amount such as 16MB/);
    }
    expect(loadConfig({ WORK_MEM: ' 32MB ' }).workMem).toBe('32MB');
  });
});
