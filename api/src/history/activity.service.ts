import { Injectable } from '@nestjs/common';
import { type ActivityEntry, AUDIT_DOORS, type AuditDoor, OBJECT_ID, allResources, findResource, mayAct } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid, missingRight } from '../common/errors';
import { AuditEntries } from './audit-entries';
import { HistoryService } from './history.service';
import { RecordService } from '../records/record.service';
import { RecordTitles } from './record-titles';

/** The activity view's narrowing, as the query string gives it. */
export interface ActivityQuery {
  actor?: string;
  model?: string;
  door?: string;
}

function checkedFilter(query: ActivityQuery): { actorId?: string; model?: string; door?: AuditDoor } {
  if (query.actor !== undefined && !OBJECT_ID.test(query.actor)) throw invalid('actor must be a user id', [{ field: 'actor', message: 'must be a user id' }]);
  if (query.model !== undefined && !findResource(query.model)) throw invalid(`Unknown model "${query.model}"`, [{ field: 'model', message: 'unknown model' }]);
  if (query.door !== undefined && !(AUDIT_DOORS as readonly string[]).includes(query.door)) throw invalid(`Unknown door "${query.door}"`, [{ field: 'door', message: `one of ${AUDIT_DOORS.join(', ')}` }]);
  return { actorId: query.actor, model: query.model, door: query.door as AuditDoor | undefined };
}

/**
 * The company's recent writes across its models for company and super admins, newest first: of the models they may
 * read, records of people's own models (saved views) only as far as they wrote them, changes as their rights show them.
 */
@Injectable()
export class ActivityService {
  constructor(
    private readonly entries: AuditEntries,
    private readonly history: HistoryService,
    private readonly titles: RecordTitles,
    private readonly records: RecordService,
  ) {}

  async activity(actor: Actor, query: ActivityQuery, page: { offset: number; limit: number }): Promise<{ entries: ActivityEntry[]; more: boolean }> {
    if (!actor.rights.has('company') && !actor.rights.has('super')) throw missingRight(['company'], "You may not see the company's activity");
    const readable = allResources().filter((def) => def.name !== 'auditLog' && mayAct(def, 'read', actor.rights, actor.access));
    const scoped = new Map(readable.flatMap((def) => {
      const ids = this.records.scope(def, 'read', actor);
      return ids ? [[def.name, ids] as const] : [];
    }));
    const filter = { ...checkedFilter(query), models: readable.map((def) => def.name), scoped, ownedModels: readable.filter((def) => def.owner).map((def) => def.name), readerId: actor.userId };
    const { entries, more } = await this.entries.ofCompany(actor.companyId, filter, page);
    const shaped = await this.history.shaped(actor, entries, (entry) => findResource(entry.doc.model)!);
    const records = new Map<string, Set<string>>();
    for (const { doc } of entries) records.set(doc.model, (records.get(doc.model) ?? new Set()).add(doc.recordId));
    const recordTitles = await this.titles.titles(actor, records);
    return {
      entries: shaped.map(({ source, titles, ...entry }) => ({
        ...entry,
        model: source.doc.model,
        recordId: source.doc.recordId,
        titles: source.doc.recordId in recordTitles ? { ...titles, [source.doc.recordId]: recordTitles[source.doc.recordId] } : titles,
      })),
      more,
    };
  }
}
