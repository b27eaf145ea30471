import { Injectable } from '@nestjs/common';
import { type ResourceDef, findResource } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { newId } from '../common/object-id';
import type { Queryable } from '../database/database';
import { RecordRepository } from '../records/record-repository';
import { auditDiff } from './audit-diff';

export type AuditAction = 'create' | 'update' | 'archive' | 'unarchive' | 'delete';

/** Writes an audit entry for every write, inside the write's own transaction. */
@Injectable()
export class AuditService {
  constructor(private readonly records: RecordRepository) {}

  async record(tx: Queryable, actor: Pick<Actor, 'userId' | 'companyId'>, def: ResourceDef, recordId: string, action: AuditAction, before: unknown, after: unknown): Promise<void> {
    const auditLog = findResource('auditLog');
    if (!auditLog || def.name === 'auditLog') return;
    const now = new Date();
    await this.records.insert(tx, auditLog, actor.companyId, newId(now), {
      actorRef: { userId: actor.userId },
      at: { unix: Math.floor(now.getTime() / 1000), date: now.toISOString() },
      model: def.name,
      recordId,
      action,
      changes: auditDiff(def, before, after),
    });
  }
}
