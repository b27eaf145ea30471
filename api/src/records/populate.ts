import { Injectable } from '@nestjs/common';
import { type ResourceDef, type Right, fieldsByPath, findResource, getPath, mayAct, setPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import { toOutput } from './record-output';
import { type Doc, RecordRepository } from './record-repository';

interface PopulatePlan {
  /** list holding the reference, or null for a reference on the record itself */
  listPath: string | null;
  idPath: string;
  targetPath: string;
  target: ResourceDef;
}

/** Finds the reference field whose `populateAs` is the requested path (`merchantRef.merchant`, `productRef.product`). */
export function populatePlan(def: ResourceDef, path: string, rights: ReadonlySet<Right>, actor: Pick<Actor, 'access'>): PopulatePlan {
  for (const [fieldPath, field] of fieldsByPath(def)) {
    if (field.kind === 'reference' && field.ref?.populateAs === path) {
      return planFor(def, null, fieldPath, path, field.ref.resource, rights, actor);
    }
    if (field.kind === 'list' && field.fields && path.startsWith(`${fieldPath}.`)) {
      const rest = path.slice(fieldPath.length + 1);
      const sub = field.fields.find((candidate) => candidate.kind === 'reference' && candidate.ref?.populateAs === rest);
      if (sub) return planFor(def, fieldPath, sub.path, rest, sub.ref!.resource, rights, actor);
    }
  }
  throw invalid(`Cannot populate "${path}" on ${def.name}`, [{ field: path, message: `Cannot populate "${path}"` }]);
}

function planFor(def: ResourceDef, listPath: string | null, idPath: string, targetPath: string, resource: string, rights: ReadonlySet<Right>, actor: Pick<Actor, 'access'>): PopulatePlan {
  const target = findResource(resource);
  const label = listPath ? `${listPath}.${targetPath}` : targetPath;
  if (!target || !mayAct(target, 'read', rights, actor.access)) {
    throw invalid(`Cannot populate "${label}" on ${def.name}`, [{ field: label, message: `Cannot populate "${label}"` }]);
  }
  return { listPath, idPath, targetPath, target };
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
      const byId = new Map(found.map((record) => [record.id, toOutput(plan.target, record, actor.rights)]));
      for (const holder of holders) {
        const id = getPath(holder, plan.idPath);
        if (typeof id === 'string') setPath(holder, plan.targetPath, byId.get(id) ?? null);
      }
    }
  }
}
