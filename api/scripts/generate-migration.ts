import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allResources } from '@backoffice/resources';
import { migrationFiles, migrationsDir, splitStatements } from '../src/database/migrations';
import { resourceDdl } from '../src/database/resource-ddl';

/**
 * Writes a new migration holding the resource DDL that no committed migration has yet.
 * Run after changing a definition: `npm run db:migration -w api -- name`.
 */
export function pendingResourceStatements(): string[] {
  const committed = new Set(migrationFiles().flatMap((migration) => splitStatements(migration.sql)));
  return [...new Set(allResources().flatMap(resourceDdl))].filter((statement) => !committed.has(statement));
}

if (require.main === module) {
  const pending = pendingResourceStatements();
  if (pending.length === 0) {
    console.log('Migrations are up to date with the resource definitions.');
  } else {
    // numbers have gaps (0006–0009 were never used), so the next one follows the highest, not the count
    const number = String(Math.max(...migrationFiles().map((migration) => Number(migration.name.slice(0, 4)))) + 1).padStart(4, '0');
    const name = `${number}_${(process.argv[2] ?? 'resources').replace(/[^a-z0-9_-]/gi, '')}.sql`;
    writeFileSync(join(migrationsDir(), name), `${pending.map((statement) => `${statement};`).join('\n')}\n`);
    console.log(`Wrote migrations/${name} with ${pending.length} statements.`);
  }
}
