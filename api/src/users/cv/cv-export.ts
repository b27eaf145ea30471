import { once } from 'node:events';
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { Zip, ZipDeflate } from 'fflate';
import type { Actor } from '../../auth/actor';
import { notFound } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import { ExportService } from '../../transfer/export.service';
import { requireRight } from '../user-access';
import { safeFileName } from './cv-file';

/** CVs read from the database at a time: what the export holds in memory besides the zip being written. */
const FILES_AT_A_TIME = 10;

interface CvEntry {
  userId: string;
  name: string;
  cvId: string;
}

/** '2026-05-01 Export.zip': the date plus ' Export.zip' (part 2 section 9). */
export const cvExportFileName = (now = new Date()) => `${now.toISOString().slice(0, 10)} Export.zip`;

/**
 * 'Compress and download CVs' of the user list's batch menu (super admins): the CVs of every user the list query
 * matches, as one zip streamed into the response, each file named after its user.
 */
@Injectable()
export class CvExport {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly exports: ExportService,
  ) {}

  async stream(actor: Actor, body: unknown, response: Response): Promise<void> {
    requireRight(actor, 'super', 'compress and download CVs');
    const entries = await this.matching(actor, body);
    if (entries.length === 0) throw notFound('None of these users has a CV');
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${cvExportFileName()}"`);
    const zip = new Zip((error, chunk, final) => {
      if (response.destroyed) return;
      if (error) return void response.destroy(error);
      response.write(chunk);
      if (final) response.end();
    });
    const names = new Set<string>();
    for (let start = 0; start < entries.length && !response.destroyed; start += FILES_AT_A_TIME) {
      const group = entries.slice(start, start + FILES_AT_A_TIME);
      const blobs = await this.db.query<{ id: string; name: string; bytes: Uint8Array }>(
        'SELECT id, name, bytes FROM file_blob WHERE company_id = $1 AND id = ANY($2::text[])',
        [actor.companyId, group.map((entry) => entry.cvId)],
      );
      const byId = new Map(blobs.map((blob) => [blob.id, blob]));
      for (const entry of group) {
        const blob = byId.get(entry.cvId);
        if (!blob) continue;
        const file = new ZipDeflate(uniqueName(names, entry, blob.name), { level: 6 });
        zip.add(file);
        file.push(blob.bytes, true);
      }
      // a client that went away never drains: stop waiting when the response closes
      if (response.writableNeedDrain) await Promise.race([once(response, 'drain'), once(response, 'close')]);
    }
    zip.end();
  }

  /** The users of the list query (`{query}`, as the export takes it) who have a CV, with the user's name. */
  private async matching(actor: Actor, body: unknown): Promise<CvEntry[]> {
    const plan = this.exports.plan('user', actor, { query: (body as { query?: unknown } | null)?.query ?? {}, fields: ['name.full', 'email.value', 'file.cv'] });
    const entries: CvEntry[] = [];
    await plan.eachBatch(async (records) => {
      for (const [userId, name, email, cvId] of records.map(plan.csvRow)) if (cvId) entries.push({ userId, name: name || email || userId, cvId });
    });
    return entries;
  }
}

/** 'Jan Jansen.pdf', or 'Jan Jansen (user id).pdf' when two users share a name. */
function uniqueName(taken: Set<string>, entry: CvEntry, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot).toLowerCase() : '';
  const person = safeFileName(entry.name, 'user').replace(/[\\/]/g, '-');
  const name = taken.has(`${person}${extension}`) ? `${person} (${entry.userId})${extension}` : `${person}${extension}`;
  taken.add(name);
  return name;
}
