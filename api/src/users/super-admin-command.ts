import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { HttpException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { runMain } from '../common/process-lifecycle';
import { loadConfigOrExit } from '../config';
import { runMigrations } from '../database/migrations';
import { openDatabase } from '../database/open-database';
import { WritePipeline } from '../records/write-pipeline';
import { createSuperAdmin } from './create-super-admin';
import { superAdminPasswordWeakness } from './super-admin-password';

const USAGE = 'Usage: npm run admin:create -- --email <email> --company <company name> [--first-name <name>] [--last-name <name>]\n'
  + 'The password is asked for (twice) on a terminal, or read from the first line of standard input.';

/** Asks without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    process.stdout.write(question);
    const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
    const prompt = createInterface({ input: process.stdin, output: muted, terminal: true });
    prompt.question('', (answer) => {
      prompt.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const password = await askHidden('Password: ');
  if ((await askHidden('Password again: ')) !== password) throw new UsageError('The two passwords differ');
  return password;
}

class UsageError extends Error {}

/**
 * `npm run admin:create`: the first super admin of an installation (production has no other way in), or one more.
 * Writes through the same pipeline as the API, without starting any background work.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, company: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } } });
  const email = values.email?.trim().toLowerCase() ?? '';
  const company = values.company?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !company) throw new UsageError(USAGE);
  const password = await readPassword();
  const weakness = superAdminPasswordWeakness(password, { email, company });
  if (weakness) throw new UsageError(`The password is too weak: ${weakness}`);

  const config = { ...loadConfigOrExit(), backgroundWork: false, batchWorker: false };
  const db = await openDatabase(config);
  try {
    await runMigrations(db);
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, db), { logger: ['error', 'warn'] });
    try {
      const created = await createSuperAdmin(db, app.get(WritePipeline), { email, company, password, firstName: values['first-name']?.trim() || 'Super', lastName: values['last-name']?.trim() || 'Admin' });
      console.log(`Super admin ${email} created in ${created.companyCreated ? 'the new company' : 'the company'} "${company}". Sign in at ${config.publicUrl ?? `http://localhost:${config.port}`}`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

runMain(() => main().catch((error: unknown) => {
  // a refusal is said in one line; anything else is a failure with its stack
  if (!(error instanceof UsageError || error instanceof HttpException)) throw error;
  console.error(error.message);
  process.exit(2);
}));
