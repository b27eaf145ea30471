import { Inject, Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { checkImageSize, findResource, resolveField } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid, notFound } from '../common/errors';
import { newId } from '../common/object-id';
import { DATABASE, type Database } from '../database/database';

export const ICON_SIZES = { icon_64: 64, icon_256: 256, icon_512: 512 } as const;
export type IconVariant = keyof typeof ICON_SIZES;

/** The path of an image's public address, signed by SignedLinks (GET /api/image/public/{id}/{variant}/{signature}). */
export const publicImagePath = (id: string, variant: string) => `/api/image/public/${id}/${variant}`;

const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Uploaded images live in the database: originals, plus resized icons made once on first request. */
@Injectable()
export class ImageService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async upload(actor: Actor, bytes: Buffer, model?: string, fieldPath?: string): Promise<{ _id: string; width: number; height: number; format: string }> {
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      throw invalid('The file is not an image', [{ field: 'file', message: 'not an image' }]);
    }
    if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) {
      throw invalid('Images must be JPG, PNG, GIF or WebP', [{ field: 'file', message: 'must be JPG, PNG, GIF or WebP' }]);
    }
    if (model || fieldPath) {
      const def = model ? findResource(model) : undefined;
      const field = def && fieldPath ? resolveField(def, fieldPath) : undefined;
      if (!field || field.kind !== 'image') throw invalid(`Unknown image field "${fieldPath}" on ${model}`, [{ field: 'field', message: 'unknown image field' }]);
      const problem = field.image ? checkImageSize(meta.width, meta.height, field.image) : null;
      if (problem) throw invalid(problem, [{ field: fieldPath!, message: problem }]);
    }
    const id = newId();
    await this.db.query('INSERT INTO image_blob (id, company_id, variant, mime, bytes) VALUES ($1, $2, $3, $4, $5)', [id, actor.companyId, 'original', `image/${meta.format}`, bytes]);
    return { _id: id, width: meta.width, height: meta.height, format: meta.format };
  }

  /** A square PNG icon of the image, cut to fill; made once and kept. `actor` null: any company's (a signed public link). */
  async icon(actor: Actor | null, id: string, variant: IconVariant): Promise<Buffer> {
    const anyCompany = !actor || actor.rights.has('super');
    const scope = anyCompany ? '' : ' AND company_id = $3';
    const params = anyCompany ? [id, [variant, 'original']] : [id, [variant, 'original'], actor.companyId];
    const rows = await this.db.query<{ company_id: string; variant: string; bytes: Uint8Array }>(
      `SELECT company_id, variant, bytes FROM image_blob WHERE id = $1 AND variant = ANY($2::text[])${scope}`,
      params,
    );
    const cached = rows.find((row) => row.variant === variant);
    if (cached) return Buffer.from(cached.bytes);
    const original = rows.find((row) => row.variant === 'original');
    if (!original) throw notFound(`No image with id ${id}`);
    const size = ICON_SIZES[variant];
    const icon = await sharp(Buffer.from(original.bytes)).resize(size, size, { fit: 'cover' }).png().toBuffer();
    await this.db.query('INSERT INTO image_blob (id, company_id, variant, mime, bytes) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [id, original.company_id, variant, 'image/png', icon]);
    return icon;
  }
}
