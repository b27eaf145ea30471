import { mkdirSync } from 'node:fs';
import type { AppConfig } from '../config';
import type { Database } from './database';
import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';

/**
 * The server's statement timeout applies to every statement of the app; PGlite runs in this process and
 * cannot interrupt a statement, so there the bounds on requests (search length, page size) keep them short.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'> & Partial<Pick<AppConfig, 'statementTimeoutMs' | 'namedStatements' | 'workMem'>>,
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, config.databaseSchema, { statementTimeoutMs: config.statementTimeoutMs ?? 0, namedStatements: config.namedStatements ?? true, workMem: config.workMem });
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  return openPglite(config.dataDir, { workMem: config.workMem });
}
