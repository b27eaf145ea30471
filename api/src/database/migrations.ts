import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from './database';

/** The committed migrations folder (api/migrations), found from the source and the compiled file alike. */
export function migrationsDir(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'migrations', '0000_core.sql'))) {
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error('api/migrations not found');
    dir = parent;
  }
  return join(dir, 'migrations');
}

export function migrationFiles(): { name: string; sql: string }[] {
  const dir = migrationsDir();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

const MIGRATION_LOCK = 724_301;

/** Applies the committed migrations not yet applied, once, even when several processes start together. */
export async function runMigrations(db: Database): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  return db.transaction(async (tx) => {
    // an index on a large table may build for longer than a request may run
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const applied = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migration')).map((row) => row.name));
    const ran: string[] = [];
    for (const migration of migrationFiles()) {
      if (applied.has(migration.name)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [migration.name]);
      ran.push(migration.name);
    }
    return ran;
  });
}

/** The committed migrations the database has not applied (readiness: a process must not serve an older schema). */
export async function pendingMigrations(db: Database, committed: readonly string[]): Promise<string[]> {
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migration')).map((row) => row.name));
  return committed.filter((name) => !applied.has(name));
}

/** Splits a migration file on semicolons at line ends; our migrations hold no procedural bodies. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
