import type { SearchAnswer } from '@backoffice/resources';
import { get, getOk, measureLoops, type Measurement } from './measure';
import type { Benchmark, BenchResult } from './types';

/** Issue 42: the search across everything answers within this on the million-row data set. */
const TARGET_MS = 100;

/** A part of a name most people share, one the merchants' sales hold, part of an email, a rare name, nothing at all. */
const SEARCHES: readonly [string, string][] = [
  ['common first name "jan"', 'jan'],
  ['merchant name "Main"', 'Main'],
  ['email domain part "bench"', 'bench'],
  ['rare "Quinten"', 'Quinten'],
  ['no match "zqxw"', 'zqxw'],
];

/**
 * GET /api/company/search for a company admin (every searched model: users, merchants, products, sales, mail and SMS
 * logs, templates …) and a merchant admin (their models alone), 1 and 4 clients at once.
 */
export const searchEverything: Benchmark = {
  name: 'search',
  async run(ctx): Promise<BenchResult> {
    const lines: BenchResult['lines'] = [];
    const notes: string[] = [];
    let worst = 0;
    for (const role of ['company', 'merchant']) {
      const headers = await ctx.headersFor(role);
      for (const [label, q] of SEARCHES) {
        const url = `${ctx.baseUrl}/api/company/search?q=${encodeURIComponent(q)}`;
        const first = await get(url, headers);
        if (first.status !== 200) throw new Error(`search ${q} as ${role} answered ${first.status}: ${first.body.slice(0, 300)}`);
        const answer = JSON.parse(first.body) as SearchAnswer;
        const found = answer.groups.map((group) => `${group.model} ${group.records.length}`).join(', ') || 'nothing';
        ctx.log(`search: ${role} ${q}`);
        const byConnections: Record<number, Measurement> = {};
        for (const clients of [1, 4]) byConnections[clients] = await measureLoops(clients, ctx.config.duration, () => getOk(url, headers));
        worst = Math.max(worst, byConnections[1].p50);
        lines.push({ label: `${role}: ${label} (${found})`, byConnections });
      }
    }
    notes.push(`Target: every search within ${TARGET_MS} ms at p50 with one client: ${worst <= TARGET_MS ? 'met' : 'NOT met'} (slowest p50 ${worst.toFixed(1)} ms).`);
    return { title: `Search across everything: a few matches per model the person may read, no totals (${ctx.config.target})`, lines, notes };
  },
};
