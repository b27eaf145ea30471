import { Injectable } from '@nestjs/common';
import { type ResourceDef, type Right, fieldsByPath, findResource, getPath, mayAct, populateTargets, setPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { readRowToOutput } from './record-output';
import { type Doc, RecordRepository } from './record-repository';

interface PopulatePlan {
  /** list holding the reference, or null for a reference on the record itself */
  listPath: string | null;
  idPath: string;
  targetPath: string;
  target: ResourceDef;
}

/**
 * The reference whose `populateAs` is the requested path (`merchantRef.merchant`, `productRef.product`), split at
 * the list that holds it, when the caller may read the referenced model.
 */
export function populatePlan(def: ResourceDef, path: string, rights: ReadonlySet<Right>, actor: Pick<Actor, 'access'>): PopulatePlan {
  const found = populateTargets(def).get(path);
  const target = found?.field.ref && findResource(found.field.ref.resource);
  if (!found || !target || !mayAct(target, 'read', rights, actor.access)) {
    throw invalid(`Cannot populate "${path}" on ${def.name}`, [{ field: path, message: `Cannot populate "${path}"` }]);
  }
  const list = [...fieldsByPath(def)].find(([listPath, field]) => field.kind === 'list' && found.idPath.startsWith(`${listPath}.`));
  const inside = (full: string) => (list ? full.slice(list[0].length + 1) : full);
  return { listPath: list?.[0] ?? null, idPath: inside(found.idPath), targetPath: inside(found.populatePath), target };
}

/** Fills references in already shaped records with the referenced records, one query per reference path. */
@Injectable()
export class Populator {
  constructor(private readonly records: RecordRepository) {}

  async populate(def: ResourceDef, docs: Doc[], paths: readonly string[], actor: Actor): Promise<void> {
    for (const path of paths) {
      const plan = populatePlan(def, path, actor.rights, actor);
      const holders = plan.listPath ? docs.flatMap((doc) => (getPath(doc, plan.listPath!) as Doc[] | undefined) ?? []) : docs;
      const ids = [...new Set(holders.map((holder) => getPath(holder, plan.idPath)).filter((id): id is string => typeof id === 'string'))];
      const found = await this.records.findByIds(plan.target, actor.companyId, ids);
      const byId = new Map(found.map((record) => [record.id, readRowToOutput(plan.target, record, actor.rights)]));
      for (const holder of holders) {
        const id = getPath(holder, plan.idPath);
        if (typeof id === 'string') setPath(holder, plan.targetPath, byId.get(id) ?? null);
      }
    }
  }
}
