import { Injectable } from '@nestjs/common';
import { type HistoryEntry, type ResourceDef, type RestoreAnswer, getPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid, notFound } from '../common/errors';
import { toOutput } from '../records/record-output';
import { RecordRepository } from '../records/record-repository';
import { recordVersion } from '../records/record-version';
import { RecordService } from '../records/record.service';
import { WritePipeline } from '../records/write-pipeline';
import { type AuditEntry, AuditEntries } from './audit-entries';
import { visibleChanges } from './history-changes';
import { RecordTitles } from './record-titles';
import { restorePatch, undoWrites } from './record-states';

/**
 * A record's history (its audit entries as its reader may see them) and the restore of an earlier state, which is
 * one more write through the pipeline.
 */
@Injectable()
export class HistoryService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: RecordRepository,
    private readonly pipeline: WritePipeline,
    private readonly entries: AuditEntries,
    private readonly titles: RecordTitles,
  ) {}

  /** Entries as the actor may see them: the writers by name, the changes field by field, the records named. */
  async shaped<E extends AuditEntry>(actor: Actor, entries: readonly E[], defOf: (entry: E) => ResourceDef): Promise<(HistoryEntry & { source: E })[]> {
    const names = await this.titles.writerNames(entries.map((entry) => entry.doc.actorRef.userId));
    const shaped = entries.map((entry) => {
      const userId = entry.doc.actorRef.userId ?? null;
      return {
        source: entry,
        _id: entry.id,
        at: entry.doc.at,
        actor: { userId, name: (userId && names.get(userId)) || null },
        action: entry.doc.action,
        door: entry.doc.door ?? null,
        changes: visibleChanges(defOf(entry), actor.rights, entry.doc.changes),
      };
    });
    const references = shaped.map((entry) => this.titles.referencesOf(defOf(entry.source), entry.changes));
    const all = new Map<string, Set<string>>();
    for (const [model, ids] of references.flatMap((byModel) => [...byModel])) all.set(model, new Set([...(all.get(model) ?? []), ...ids]));
    const titles = await this.titles.titles(actor, all);
    const titlesOf = (byModel: Map<string, Set<string>>) => Object.fromEntries([...byModel.values()].flatMap((ids) => [...ids]).filter((id) => id in titles).map((id) => [id, titles[id]]));
    return shaped.map((entry, index) => ({ ...entry, titles: titlesOf(references[index]) }));
  }

  /** A page of a record's history, newest first, for those who may read the record; the total of its entries. */
  async history(model: string, actor: Actor, id: string, page: { offset: number; limit: number }): Promise<{ entries: HistoryEntry[]; total: number }> {
    const def = this.records.resource(model, actor, 'read');
    const record = await this.records.found(def, actor, id, 'read');
    // a record of someone's own (a saved view) is read by others as they may read it, its past by its owner alone
    if (def.owner && getPath(record.doc, def.owner.path) !== actor.userId) throw notFound(`No history of ${def.name} ${id} for you: it is someone else's`);
    const { entries, total } = await this.entries.ofRecord(def, actor.companyId, id, page);
    return { entries: (await this.shaped(actor, entries, () => def)).map(({ source, ...entry }) => entry), total };
  }

  /**
   * Puts the record back as it was after one of its history's entries, for those who may change it: the fields that
   * differ, as far as they may write them, through the write pipeline (its rules, hooks and audit, door 'restore').
   * Models whose domain forbids it (money) refuse.
   */
  async restore(model: string, actor: Actor, id: string, entryId: string, ifMatch: string | undefined): Promise<RestoreAnswer & { version: string }> {
    const def = this.records.resource(model, actor, 'update');
    if (def.restorable === false) throw invalid(`${def.labelPlural ?? def.label} are never restored: they change only through their own actions`);
    return this.repository.transaction(async (tx) => {
      const current = await this.records.found(def, actor, id, 'update', tx);
      const since = await this.entries.sinceEntry(tx, def, actor.companyId, id, entryId);
      if (!since) throw notFound(`No history entry ${entryId} of this ${def.label.toLowerCase()}`);
      const earlier = undoWrites(def, current.doc, since.newer.map((entry) => entry.doc.changes));
      const { patch, unrestored } = restorePatch(def, actor.rights, current.doc, earlier);
      const written = await this.pipeline.writeOne(def, actor, { before: current, input: patch }, { tx, door: 'restore', ifMatch });
      return { record: toOutput(def, written, actor.rights), unrestored, version: recordVersion(written.doc) };
    });
  }
}
