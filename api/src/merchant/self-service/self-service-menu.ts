import { Inject, Injectable } from '@nestjs/common';
import { getPath, isPlainObject, type LocalizedText, type SelfServiceItem, type SelfServiceMenu } from '@backoffice/resources';
import { SignedLinks } from '../../common/signed-links';
import { DATABASE, type Database } from '../../database/database';
import { publicImagePath } from '../../images/image.service';
import type { Doc } from '../../records/record-repository';

const localized = (value: unknown): LocalizedText => (isPlainObject(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')) : {});

/** The public address of a merchant's self-service menu, the admin's page at /menu/{merchantId}/{signature}. */
export const menuPath = (merchantId: string) => `/menu/${merchantId}`;

/**
 * A merchant's menu as its self-service terminal shows it: the tabs of its tablet register with the products placed
 * in them (free slots left out), or, without a layout, every product by name.
 */
@Injectable()
export class SelfServiceMenus {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly links: SignedLinks,
  ) {}

  async menu(companyId: string, merchantId: string, merchant: Doc): Promise<SelfServiceMenu> {
    const [products, [company]] = await Promise.all([
      this.db.query<{ id: string; doc: Doc }>(
        `SELECT id, doc FROM product WHERE company_id = $1 AND merchant_ref_merchant_id = $2 ORDER BY doc #>> '{nameLocalized,full,en}', id`,
        [companyId, merchantId],
      ),
      this.db.query<{ symbol: string | null }>(`SELECT doc #>> '{settings,payment,currencySymbol}' AS symbol FROM company WHERE id = $1`, [companyId]),
    ]);
    const items = new Map<string, SelfServiceItem>();
    for (const product of products) items.set(product.id, await this.item(product.id, product.doc));
    const layouts = isPlainObject(merchant.productLayoutTablet) ? Object.values(merchant.productLayoutTablet) : [];
    const tabs = layouts
      .filter(isPlainObject)
      .map((tab) => ({
        name: localized(getPath(tab, 'nameLocalized.full')),
        items: ((tab.placement as unknown[] | undefined) ?? []).flatMap((id) => (typeof id === 'string' && items.has(id) ? [items.get(id)!] : [])),
      }))
      .filter((tab) => tab.items.length > 0);
    const banner = getPath(merchant, 'image.banner');
    return {
      merchant: { _id: merchantId, name: String(getPath(merchant, 'name.full') ?? ''), banner: typeof banner === 'string' ? await this.links.url(publicImagePath(banner, 'icon_512')) : null },
      currencySymbol: company?.symbol || '€',
      tabs: tabs.length > 0 ? tabs : [{ name: {}, items: [...items.values()] }],
    };
  }

  menuUrl(merchantId: string): Promise<string> {
    return this.links.url(menuPath(merchantId));
  }

  validMenuAddress(merchantId: string, signature: string): Promise<boolean> {
    return this.links.valid(menuPath(merchantId), signature);
  }

  private async item(id: string, doc: Doc): Promise<SelfServiceItem> {
    const image = getPath(doc, 'image.profile');
    return {
      productId: id,
      name: localized(getPath(doc, 'nameLocalized.full')),
      description: localized(getPath(doc, 'nameLocalized.description')),
      priceCents: Number(getPath(doc, 'price.cents') ?? 0),
      image: typeof image === 'string' ? await this.links.url(publicImagePath(image, 'icon_256')) : null,
    };
  }
}
