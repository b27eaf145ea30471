import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { OpsRefusal } from './pglite-backup';

/**
 * Runs `npm run backup|restore -- <file>` on the configured DATA_DIR: prints the outcome, or the refusal alone and
 * exits 1. A relative file is taken from where npm was run (INIT_CWD), not from the root folder npm runs scripts in.
 */
export function runOpsCommand(name: 'backup' | 'restore', run: (dataDir: string, file: string) => Promise<string>): void {
  const fail = (message: string) => {
    console.error(message);
    process.exit(1);
  };
  const config = loadConfig();
  if (!config.dataDir) return fail(`DATABASE_URL is set: back up and restore PostgreSQL with pg_dump and pg_restore (see the README); npm run ${name} is for the embedded database`);
  const file = process.argv[2];
  if (!file) return fail(`Usage: npm run ${name} -- <file>  (the embedded database in DATA_DIR, now ${config.dataDir})`);
  run(config.dataDir, resolve(process.env.INIT_CWD ?? process.cwd(), file)).then(
    (outcome) => console.log(outcome),
    (error: unknown) => fail(error instanceof OpsRefusal ? error.message : String((error as Error).stack ?? error)),
  );
}
