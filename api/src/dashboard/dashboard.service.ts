import { Injectable } from '@nestjs/common';
import { type DashboardTab, fieldsByPath, findResource, mayAct, type ResourceDef } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { RecordService } from '../records/record.service';

/** The dashboard's tabs in the spec's order; pages and videos live under /application, the rest under /company. */
export const DASHBOARD_MODELS = [
  { model: 'page', area: 'application' },
  { model: 'location', area: 'company' },
  { model: 'event', area: 'company' },
  { model: 'video', area: 'application' },
  { model: 'merchant', area: 'company' },
] as const;

/** Table queries of the dashboard: sorted by name, 5000 rows, name fields only (part 2 section 7). */
const DASHBOARD_PAGE_SIZE = 5000;

@Injectable()
export class DashboardService {
  constructor(private readonly records: RecordService) {}

  /** A tab for each dashboard model the actor may read; third parties only see what their access entries cover. */
  async tabs(actor: Actor): Promise<DashboardTab[]> {
    const readable = DASHBOARD_MODELS.map((entry) => ({ ...entry, def: findResource(entry.model) as ResourceDef }))
      .filter(({ def }) => mayAct(def, 'read', actor.rights, actor.access));
    return Promise.all(readable.map(async ({ model, area, def }) => {
      const select = ['name.full', 'nameLocalized.full'].filter((path) => fieldsByPath(def).has(path) || fieldsByPath(def).has(`${path}.en`));
      const { records, total } = await this.records.list(model, actor, {
        _sort: 'name.full',
        _order: 'asc',
        _start: '0',
        _end: String(Math.min(DASHBOARD_PAGE_SIZE, def.list.maxPageSize ?? DASHBOARD_PAGE_SIZE)),
        _select: select.join(','),
        'meta.archived': 'false',
      });
      return { model, area, canCreate: mayAct(def, 'create', actor.rights, actor.access), total, records: records as DashboardTab['records'] };
    }));
  }
}
