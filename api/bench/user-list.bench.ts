import { ADMIN_LIST_RIGHTS, ANONYMOUS_ACCOUNT_DOMAIN, ANONYMOUS_CARD_DOMAIN } from '@backoffice/resources';
import { get, getOk, measureLoops, type Measurement } from './measure';
import type { Benchmark, BenchResult } from './types';

/** The user overview's requests, one per filter choice, as the admin sends them: 25 rows, newest first, exact total. */
function requests(now: number, adminIds: readonly string[]): [string, string][] {
  const threeYears = Date.UTC(new Date(now * 1000).getUTCFullYear() - 2, 0, 1) / 1000;
  const normal = 'meta.archived=false&email.anonymous=false';
  return [
    ['default (normal users)', normal],
    ['rights: admin', `meta.archived=false&_id_in=${adminIds.join(',')}`],
    ['rights: third-party', `meta.archived=false&_projectSpecific.rights=third-party`],
    ['created: last 3 years', `${normal}&meta.createdAt_gte=${threeYears}`],
    ['type: card', `meta.archived=false&email.anonymous=true&email.value_like=${encodeURIComponent(`@${ANONYMOUS_CARD_DOMAIN}`)}`],
    ['type: anonymous', `meta.archived=false&email.anonymous=true&email.value_like=${encodeURIComponent(`@${ANONYMOUS_ACCOUNT_DOMAIN}`)}`],
    ['tag: connected', `${normal}&bracelet.state.id=linked`],
    ['tag: not connected', `${normal}&bracelet.state.id_ne=linked`],
    ['search "jan"', `${normal}&q=jan`],
  ];
}

/** GET /api/company/model/user with each filter of the user overview (part 2 section 2), 1 connection. */
export const userList: Benchmark = {
  name: 'user-list',
  async run(ctx): Promise<BenchResult> {
    const headers = await ctx.headersFor('company');
    const [company] = await ctx.db.query<{ doc: Record<string, unknown> }>('SELECT doc FROM company WHERE company_id = $1 AND id = $1', [ctx.dataset.companyId]);
    const adminIds = [...new Set(ADMIN_LIST_RIGHTS.flatMap(([list]) => ((company?.doc[list] as { userId: string }[] | undefined) ?? []).map((entry) => entry.userId)))];
    const [{ users }] = await ctx.db.query<{ users: number }>('SELECT count(*)::int AS users FROM "user" WHERE company_id = $1', [ctx.dataset.companyId]);
    const lines: BenchResult['lines'] = [];
    const notes: string[] = [`${users} users in the company; the other company adds ${ctx.dataset.size.otherUsers}.`];
    for (const [label, query] of requests(ctx.dataset.now, adminIds)) {
      const url = `${ctx.baseUrl}/api/company/model/user?${query}&_sort=meta.createdAt&_order=desc&_start=0&_end=25`;
      const first = await get(url, headers);
      if (first.status !== 200) throw new Error(`user list (${label}) answered ${first.status}: ${first.body.slice(0, 300)}`);
      ctx.log(`user-list: ${label}`);
      const measured: Measurement = await measureLoops(1, ctx.config.duration, () => getOk(url, headers));
      lines.push({ label: `${label} (${first.headers['x-total-count']} match)`, byConnections: { 1: measured } });
    }
    notes.push('Target: p50 under 50 ms for each filter on PostgreSQL.');
    return { title: `User list: the overview's filters, 25 rows, newest first, X-Total-Count (${ctx.config.target})`, lines, notes };
  },
};
