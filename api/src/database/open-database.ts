import { mkdirSync } from 'node:fs';
import type { AppConfig } from '../config';
import type { Database } from './database';
import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';

export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databaseSchema);
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  return openPglite(config.dataDir);
}
