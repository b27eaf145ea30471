import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../common/tokens';
import type { AppConfig } from '../config';
import { DATABASE, type Database } from '../database/database';
import type { IconVariant } from './image.service';

const SECRET_NAME = 'public-image-links';

/**
 * Addresses of images that a mail client loads without signing in (a company's logo and banner in a mail): absolute,
 * on PUBLIC_URL, and signed per image and size, so that no other image becomes public. The signing key is made once
 * and kept in the database, the same for every API process.
 */
@Injectable()
export class PublicImageLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async url(id: string, variant: IconVariant): Promise<string> {
    const base = this.config.publicUrl ?? `http://localhost:${this.config.port}`;
    return `${base}/api/image/public/${id}/${variant}/${await this.signature(id, variant)}`;
  }

  async valid(id: string, variant: IconVariant, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.signature(id, variant));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async signature(id: string, variant: IconVariant): Promise<string> {
    return createHmac('sha256', await this.signingKey()).update(`${id}/${variant}`).digest('base64url').slice(0, 32);
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db.query('INSERT INTO app_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [SECRET_NAME, randomBytes(32).toString('hex')]);
      const [row] = await this.db.query<{ value: string }>('SELECT value FROM app_secret WHERE name = $1', [SECRET_NAME]);
      return Buffer.from(row.value, 'hex');
    })();
    this.key.catch(() => (this.key = null));
    return this.key;
  }
}
