import { Inject, Injectable } from '@nestjs/common';
import { type FieldDef, type HistoryChange, type ResourceDef, canSeeField, findResource, holdingField, isPlainObject, mayAct, resolveField } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { DATABASE, type Database } from '../database/database';
import { pathLiteral, quote, tableName } from '../database/naming';
import { RecordService } from '../records/record.service';

/** Ids of records of other models that a value of a field refers to: a reference, or the references of a list's items. */
function referencedIds(field: FieldDef, value: unknown, add: (model: string, id: unknown) => void): void {
  if (field.kind === 'reference' && field.ref) add(field.ref.resource, value);
  if (field.kind !== 'list' || !Array.isArray(value)) return;
  for (const item of field.fields?.filter((inner) => inner.kind === 'reference' && inner.ref) ?? []) {
    for (const entry of value) if (isPlainObject(entry)) add(item.ref!.resource, entry[item.path]);
  }
}

/**
 * Names of people and titles of records for the history and the activity views, each only as far as the reader may
 * read them.
 */
@Injectable()
export class RecordTitles {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: RecordService,
  ) {}

  /**
   * The names of the people who wrote, by id (their email when they have none). Super admins write in companies that
   * are not their own, so users are looked up by id alone.
   */
  async writerNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<{ id: string; name: string | null }>(
      `SELECT id, coalesce(nullif(doc #>> '{name,full}', ''), doc #>> '{email,value}') AS name FROM ${quote(tableName(findResource('user')!))} WHERE id = ANY($1::text[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
  }

  /** The records a history's changes refer to, by model. */
  referencesOf(def: ResourceDef, changes: readonly HistoryChange[]): Map<string, Set<string>> {
    const into = new Map<string, Set<string>>();
    const add = (model: string, id: unknown) => {
      if (typeof id === 'string') into.set(model, (into.get(model) ?? new Set()).add(id));
    };
    for (const change of changes) {
      const holder = holdingField(def, change.path);
      if (!holder || holder.rest) continue;
      referencedIds(holder.field, change.old, add);
      referencedIds(holder.field, change.new, add);
    }
    return into;
  }

  /**
   * Titles by id of records the actor may read (their models, their third-party scope, a visible title); the records
   * of people's own models (ResourceDef.owner) are never named to others.
   */
  async titles(actor: Actor, ids: ReadonlyMap<string, ReadonlySet<string>>): Promise<Record<string, string>> {
    const found = await Promise.all(
      [...ids].map(async ([model, wanted]) => {
        const def = findResource(model);
        const title = def && resolveField(def, def.titlePath);
        if (!def || !title || def.owner || !mayAct(def, 'read', actor.rights, actor.access) || !canSeeField(title, actor.rights)) return [];
        const scope = this.records.scope(def, 'read', actor);
        const readable = [...wanted].filter((id) => !scope || scope.includes(id));
        if (readable.length === 0) return [];
        return this.db.query<{ id: string; title: string | null }>(
          `SELECT id, doc #>> ${pathLiteral(def.titlePath)} AS title FROM ${quote(tableName(def))} WHERE company_id = $1 AND id = ANY($2::text[])`,
          [actor.companyId, readable],
        );
      }),
    );
    return Object.fromEntries(found.flat().flatMap((row) => (row.title ? [[row.id, row.title] as const] : [])));
  }
}
