import { Inject, Injectable } from '@nestjs/common';
import { type Doc, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { conflict, invalid, notFound } from '../../common/errors';
import { newId } from '../../common/object-id';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import { RecordService } from '../../records/record.service';
import { checkedCv } from './cv-file';

export interface StoredFile {
  name: string;
  mime: string;
  bytes: Buffer;
}

/**
 * A user's CV (part 2 section 2: the CV upload shows when the company setting userFileCv is on): the file in
 * file_blob, its id in the user's file.cv, which only these endpoints write. Who may edit the user may change it.
 */
/** The user's CV id, the user's row locked until the transaction ends (two uploads replace one after the other). */
async function lockedCvId(tx: Queryable, actor: Actor, userId: string): Promise<string | null> {
  const [row] = await tx.query<{ cv: string | null }>(`SELECT doc #>> '{file,cv}' AS cv FROM "user" WHERE company_id = $1 AND id = $2 FOR UPDATE`, [actor.companyId, userId]);
  return row?.cv ?? null;
}

@Injectable()
export class UserCvService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly records: RecordService,
  ) {}

  async upload(actor: Actor, userId: string, file: { originalname: string; buffer: Buffer } | undefined): Promise<{ data: Doc }> {
    this.records.resource('user', actor, 'update');
    if (!file) throw invalid('Send the CV as the multipart field "file"', [{ field: 'file', message: 'is required' }]);
    const { name, mime } = checkedCv(file.originalname, file.buffer);
    await this.requireCvSetting(actor);
    await this.records.get('user', actor, userId);
    return this.db.transaction(async (tx) => {
      const previous = await lockedCvId(tx, actor, userId);
      const id = newId();
      await tx.query('INSERT INTO file_blob (id, company_id, name, mime, bytes) VALUES ($1, $2, $3, $4, $5)', [id, actor.companyId, name, mime, file.buffer]);
      const user = await this.records.update('user', actor, userId, { file: { cv: id } }, { tx, domain: true });
      if (previous) await tx.query('DELETE FROM file_blob WHERE company_id = $1 AND id = $2', [actor.companyId, previous]);
      return { data: { _id: id, name, mime, size: file.buffer.length, user } };
    });
  }

  async download(actor: Actor, userId: string): Promise<StoredFile> {
    const cvId = await this.cvIdOf(actor, userId);
    const [blob] = cvId ? await this.db.query<{ name: string; mime: string; bytes: Uint8Array }>('SELECT name, mime, bytes FROM file_blob WHERE company_id = $1 AND id = $2', [actor.companyId, cvId]) : [];
    if (!blob) throw notFound('This user has no CV');
    return { name: blob.name, mime: blob.mime, bytes: Buffer.from(blob.bytes) };
  }

  async remove(actor: Actor, userId: string): Promise<{ data: Doc }> {
    this.records.resource('user', actor, 'update');
    await this.records.get('user', actor, userId);
    return this.db.transaction(async (tx) => {
      const cvId = await lockedCvId(tx, actor, userId);
      if (!cvId) throw notFound('This user has no CV');
      const user = await this.records.update('user', actor, userId, { file: { cv: null } }, { tx, domain: true });
      await tx.query('DELETE FROM file_blob WHERE company_id = $1 AND id = $2', [actor.companyId, cvId]);
      return { data: user };
    });
  }

  /** The user's CV id, read as the actor (404 for a user the actor may not read). */
  private async cvIdOf(actor: Actor, userId: string): Promise<string | null> {
    const cv = getPath(await this.records.get('user', actor, userId), 'file.cv');
    return typeof cv === 'string' ? cv : null;
  }

  private async requireCvSetting(actor: Actor): Promise<void> {
    const [company] = await this.db.query<{ on: boolean | null }>(`SELECT (doc #>> '{settings,userFileCv}')::boolean AS on FROM company WHERE id = $1`, [actor.companyId]);
    if (company?.on !== true) throw conflict('CV uploads are off for this company (setting userFileCv)');
  }
}
