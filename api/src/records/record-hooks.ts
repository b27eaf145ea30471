import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/actor';
import type { Queryable } from '../database/database';
import type { ParsedFilter } from './list-query';
import type { Doc, StoredRecord } from './record-repository';

/** How a write came in: `domain` when a domain endpoint made it, after checking its own right. */
export interface WriteContext {
  domain: boolean;
}

/** One record as a write left it: `before` null for a create. */
export interface WrittenChange {
  id: string;
  before: Doc | null;
  after: Doc;
}

/** Domain rules that the write pipeline runs inside its transaction, on every path; throwing refuses the write. */
export interface RecordHook {
  beforeCreate?(tx: Queryable, actor: Actor, doc: Doc, context: WriteContext): Promise<void>;
  beforeUpdate?(tx: Queryable, actor: Actor, before: StoredRecord, after: Doc, context: WriteContext): Promise<void>;
  beforeDelete?(tx: Queryable, actor: Actor, record: StoredRecord): Promise<void>;
  /**
   * After the rows of a create or update (one, or a whole batch at once) are written, in the same transaction:
   * for work that follows from the write as a whole, such as scheduling automatic messages.
   */
  afterWrite?(tx: Queryable, actor: Actor, changes: readonly WrittenChange[]): Promise<void>;
  /** prepares the copy of a record (children copied in the same transaction go here too) */
  afterDuplicate?(tx: Queryable, actor: Actor, original: StoredRecord, copyId: string): Promise<void>;
  /**
   * The exact total of a list with these filters, when the domain keeps totals that answer it faster than
   * counting rows; null to let the list count its rows.
   */
  countShortcut?(companyId: string, filters: readonly ParsedFilter[]): Promise<number | null>;
}

/** Domain modules register their rules per model here at start-up. */
@Injectable()
export class RecordHooks {
  private readonly hooks = new Map<string, RecordHook[]>();

  register(model: string, hook: RecordHook): void {
    this.hooks.set(model, [...(this.hooks.get(model) ?? []), hook]);
  }

  for(model: string): RecordHook[] {
    return this.hooks.get(model) ?? [];
  }
}
