import sharp from 'sharp';
import type { Queryable } from '../database/database';
import { type DemoContext, type Doc, metaOf } from './context';

const PALETTE = ['#e8590c', '#1c7ed6', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#c2255c', '#5c940d'];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A simple picture: a coloured field, a shape and a caption, as PNG. */
function svg(width: number, height: number, color: string, caption: string, shape: 'circle' | 'glass' | 'box' | 'stripes'): string {
  const size = Math.min(width, height);
  const cx = width / 2;
  const cy = height * 0.42;
  const shapes = {
    circle: `<circle cx="${cx}" cy="${cy}" r="${size * 0.24}" fill="#fff" opacity="0.35"/>`,
    glass: `<path d="M${cx - size * 0.16} ${cy - size * 0.22} h${size * 0.32} l-${size * 0.04} ${size * 0.42} h-${size * 0.24} z" fill="#fff" opacity="0.4"/>`,
    box: `<rect x="${cx - size * 0.2}" y="${cy - size * 0.22}" width="${size * 0.4}" height="${size * 0.4}" rx="${size * 0.04}" fill="#fff" opacity="0.35"/>`,
    stripes: Array.from({ length: 6 }, (_, i) => `<rect x="${(i * width) / 6}" y="0" width="${width / 12}" height="${height}" fill="#fff" opacity="0.08"/>`).join(''),
  };
  const fontSize = Math.round(Math.min(size * 0.12, (width * 1.6) / Math.max(6, caption.length)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${color}"/>${shapes[shape]}` +
    `<text x="${cx}" y="${shape === 'stripes' ? height * 0.58 : height * 0.86}" font-size="${fontSize}" font-family="DejaVu Sans, sans-serif" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(caption)}</text></svg>`;
}

interface Blob {
  id: string;
  bytes: Buffer;
}

interface Picture {
  rendering: Promise<Buffer>;
  createdAt: number;
  /** the image record, given the picture's size in bytes */
  record: (bytes: number) => Doc;
  setId: (id: string) => void;
}

/** The models whose records the pictures are, or are set on. */
export const PICTURED_MODELS: readonly string[] = ['image', 'product', 'merchant', 'location'];

/**
 * Pictures for the demo: product images (1:1, 512 px), merchant banners (12:5, 1200 px), map icons of
 * a few locations and the company logo. Each is an `image` record with its bytes in image_blob under the same id.
 */
export class DemoImages {
  private readonly blobs: Blob[] = [];

  constructor(private readonly ctx: DemoContext) {}

  /** A picture whose rendering has started, and what to do with its image record's id. */
  private picture(createdAt: number, name: string, width: number, height: number, color: string, caption: string, shape: Parameters<typeof svg>[4], model: string, field: string, setId: (id: string) => void): Picture {
    // plain deflate: a flat-coloured picture stays small (about 14 kB), and palette quantisation took eight
    // times as long (most of the seed's picture time)
    const rendering = sharp(Buffer.from(svg(width, height, color, caption, shape))).png({ compressionLevel: 6 }).toBuffer();
    // awaited in render(): until then a failure must not count as unhandled
    rendering.catch(() => undefined);
    return { rendering, setId, record: (bytes) => ({ name: { full: name }, mime: 'image/png', width, height, bytes, model, field, meta: metaOf('image', createdAt) }), createdAt };
  }

  /**
   * Renders the pictures and sets them on the records collected so far. Every picture starts at once: the renders
   * run on libuv's threads, so none waits for the main thread, which the embedded database keeps busy with the
   * other rows meanwhile (rendered one after the other, each waited for a turn of that blocked event loop: 68
   * pictures that take 0.4 s alone were done 0.5 s after the rows). Their records are added in the order asked
   * for, so the ids stay those of the seeded generator.
   */
  async render(companyName: string): Promise<void> {
    const rows = (model: string) => this.ctx.rows.get(model) ?? [];
    const pictures: Picture[] = [];
    const colorOf = new Map<string, string>();
    for (const [index, merchant] of rows('merchant').entries()) {
      const color = PALETTE[index % PALETTE.length];
      colorOf.set(merchant.id, color);
      const name = String((merchant.doc.name as Doc).full);
      const at = Number((merchant.doc.meta as Doc).createdAt);
      pictures.push(this.picture(at, `${name.toLowerCase().replace(/\W+/g, '-')}-banner.png`, 1200, 500, color, name, 'stripes', 'merchant', 'image.banner', (id) => (merchant.doc.image = { banner: id })));
    }
    for (const product of rows('product')) {
      const name = String(((product.doc.nameLocalized as Doc).full as Doc).en);
      const type = String(product.doc.type);
      const color = colorOf.get(String((product.doc.merchantRef as Doc).merchantId)) ?? PALETTE[0];
      const shape = type === 'drink' ? 'glass' : type === 'locker-company-locker' ? 'box' : 'circle';
      const at = Number((product.doc.meta as Doc).createdAt);
      pictures.push(this.picture(at, `${name.toLowerCase().replace(/\W+/g, '-')}.png`, 512, 512, color, name, shape, 'product', 'image.profile', (id) => (product.doc.image = { profile: id })));
    }
    for (const [index, location] of rows('location').entries()) {
      const tags = ((location.doc.name as Doc | undefined)?.tag as string[] | undefined) ?? [];
      if (!tags.includes('bar') && !tags.includes('show-always')) continue;
      const at = Number((location.doc.meta as Doc).createdAt);
      const bar = tags.includes('bar');
      pictures.push(this.picture(at, `map-icon-${index}.png`, 512, 512, bar ? PALETTE[0] : PALETTE[1], bar ? 'Bar' : 'Info', 'circle', 'location', 'image.mapIcon', (id) => (location.doc.image = { mapIcon: id })));
    }
    const initials = companyName.split(' ').map((word) => word[0]).join('');
    pictures.push(this.picture(this.ctx.clock.yearStart, 'logo.png', 512, 512, PALETTE[1], initials, 'circle', 'company', 'image.profile', (id) => (this.logo = id)));
    for (const picture of pictures) {
      const bytes = await picture.rendering;
      const id = this.ctx.add('image', picture.createdAt, picture.record(bytes.length));
      this.blobs.push({ id, bytes });
      picture.setId(id);
    }
  }

  logo: string | null = null;

  /** Stores the bytes and puts the logo on the company. */
  async store(db: Queryable): Promise<void> {
    for (const blob of this.blobs) {
      await db.query('INSERT INTO image_blob (id, company_id, variant, mime, bytes) VALUES ($1, $2, $3, $4, $5)', [blob.id, this.ctx.companyId, 'original', 'image/png', blob.bytes]);
    }
    if (this.logo) await db.query(`UPDATE company SET doc = jsonb_set(doc, '{image}', $2::jsonb) WHERE id = $1`, [this.ctx.companyId, JSON.stringify({ profile: this.logo })]);
  }
}
