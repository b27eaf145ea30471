import { Injectable } from '@nestjs/common';
import { type ResourceDef, type Right, type SearchAnswer, type SearchGroup, allResources, canSeeField, isIndexableSearch, mayAct, resolveField } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { pathLiteral } from '../database/naming';
import { SEARCH_FOR_MORE } from '../records/list-query';
import { RecordRepository } from '../records/record-repository';
import { RecordService } from '../records/record.service';

/** Matches shown per model. */
export const MATCHES_PER_MODEL = 5;
/**
 * Matches of one model read before the few shown are picked in the list's order: the search index finds them without
 * reading the model's other rows, and nothing counts them all (a common text matches most of a million rows).
 */
export const MATCHES_READ = 100;

/** The models searched: those with screens to open a record on and a search of their own, a company's records. */
const searchedModels = () => allResources().filter((def) => def.scope === 'company' && def.screens && def.list.searchable.length > 0);

/** The title of a match, as its reader may read it: the definition's title path (the id when hidden or empty). */
function titleSql(def: ResourceDef, rights: ReadonlySet<Right>): string {
  const title = resolveField(def, def.titlePath);
  const archived = resolveField(def, 'meta.archived') ? `coalesce((doc #>> '{meta,archived}')::boolean, false)` : 'false';
  const readable = title && canSeeField(title, rights) ? `nullif(doc #>> ${pathLiteral(def.titlePath)}, '')` : 'NULL';
  return `jsonb_build_object('title', ${readable}, 'archived', ${archived})`;
}

/**
 * One search across everything: each model the person may read is searched as its own list's `q` is (the same trigram
 * index, the same fields as far as they may read them, their third-party scope and the owner rule), a few matches
 * each, all at once; nothing is counted.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: RecordRepository,
  ) {}

  async search(actor: Actor, q: string): Promise<SearchAnswer> {
    const text = q.trim();
    if (!isIndexableSearch(text)) throw invalid(SEARCH_FOR_MORE, [{ field: 'q', message: SEARCH_FOR_MORE }]);
    const models = searchedModels().filter((def) => mayAct(def, 'read', actor.rights, actor.access) && def.list.searchable.some((path) => canSeeField(resolveField(def, path)!, actor.rights)));
    const groups = await Promise.all(models.map((def) => this.matches(def, actor, text)));
    return { q: text, groups: groups.filter((group) => group.records.length > 0) };
  }

  private async matches(def: ResourceDef, actor: Actor, q: string): Promise<SearchGroup> {
    const { parsed } = this.records.parsed(def, actor, { q, _start: '0', _end: String(MATCHES_PER_MODEL) });
    const rows = await this.repository.pageJson(def, actor.companyId, parsed, titleSql(def, actor.rights), { sortMatchesUpTo: MATCHES_READ });
    return {
      model: def.name,
      label: def.labelPlural ?? def.label,
      records: rows.map((row) => {
        const { title, archived } = JSON.parse(row.json) as { title: string | null; archived: boolean };
        return { _id: row.id, title: title ?? row.id, archived };
      }),
    };
  }
}
