import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envExample } from '../src/settings/env-example';

/** Writes `.env.example` at the repository's root from the settings list: `npm run env:example -w api`. */
writeFileSync(join(__dirname, '../../../.env.example'), envExample());
console.log('Wrote .env.example');
