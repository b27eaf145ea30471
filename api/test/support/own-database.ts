import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../src/database/database';
import { openDatabase } from '../../src/database/open-database';

/**
 * A database of the test's own for a process the test starts: an embedded one in a folder of its own, or a schema
 * of the PostgreSQL server when DATABASE_URL is set. `env` points a process at it; `drop` removes it.
 */
export function ownDatabase(label: string): { env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> } {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), `backoffice-${label}-`));
  const schema = process.env.DATABASE_URL ? `test_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}` : null;
  const open = () => openDatabase({ databaseUrl: process.env.DATABASE_URL || null, databaseSchema: schema, dataDir });
  return {
    env: dataDir ? { DATA_DIR: dataDir, DATABASE_URL: '' } : { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema! },
    open,
    async drop() {
      if (schema) {
        const db = await open();
        await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await db.close();
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
