import { ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import { findResource } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { invalid } from '../common/errors';
import type { Queryable } from '../database/database';
import { RecordHooks } from '../records/record-hooks';
import type { Doc, StoredRecord } from '../records/record-repository';
import { RecordRepository } from '../records/record-repository';
import { WritePipeline } from '../records/write-pipeline';

export const MERCHANT_DELETE_REFUSED = 'Cannot remove merchant';
export const MERCHANT_DELETED = 'We removed that darn merchant';
export const TABLET_SLOTS = 24;
export const LAYOUTS = ['productLayoutMobile', 'productLayoutTablet'] as const;

type Layout = { nameLocalized?: Doc; placement?: unknown[] };

const layoutOf = (doc: Doc, which: (typeof LAYOUTS)[number]): Layout | undefined => ((doc[which] as Doc | undefined)?.tab0 as Layout | undefined) ?? undefined;

/** The mobile layout keeps its placed products and exactly one empty slot at the end (spec part 1 section 4). */
export function normaliseMobilePlacement(placement: readonly unknown[]): string[] {
  return [...placement.filter((slot): slot is string => typeof slot === 'string' && slot !== ''), ''];
}

/** Empty layouts for a new merchant: one empty mobile slot, 24 empty tablet slots. */
export function emptyLayouts(): Doc {
  const name = (en: string, nl: string) => ({ full: { en, nl } });
  return {
    productLayoutMobile: { tab0: { nameLocalized: name('Products', 'Producten'), placement: [''] } },
    productLayoutTablet: { tab0: { nameLocalized: name('Products', 'Producten'), placement: Array.from({ length: TABLET_SLOTS }, () => '') } },
  };
}

/**
 * Merchant rules on every write of merchants and products:
 * - delete only without products (409 'Cannot remove merchant');
 * - duplicate copies the products and the layouts, the layouts pointing at the copied products;
 * - layouts place only this merchant's products; the mobile layout is kept at its products plus one empty slot.
 */
@Injectable()
export class MerchantRules implements OnModuleInit {
  private readonly merchant = findResource('merchant')!;
  private readonly product = findResource('product')!;

  constructor(
    private readonly hooks: RecordHooks,
    private readonly records: RecordRepository,
    private readonly pipeline: WritePipeline,
  ) {}

  onModuleInit(): void {
    this.hooks.register('merchant', {
      beforeCreate: (tx, actor, doc) => this.checkLayouts(tx, actor, null, doc),
      beforeUpdate: (tx, actor, before, after) => this.checkLayouts(tx, actor, before.id, after),
      beforeDelete: (tx, actor, record) => this.guardDelete(tx, actor, record),
      afterDuplicate: (tx, actor, original, copyId) => this.copyProducts(tx, actor, original, copyId),
    });
    this.hooks.register('product', {
      beforeUpdate: async (tx, actor, before, after) => {
        const from = (before.doc.merchantRef as Doc | undefined)?.merchantId;
        if (from && from !== (after.merchantRef as Doc | undefined)?.merchantId) await this.unplace(tx, actor, String(from), before.id);
      },
      beforeDelete: async (tx, actor, record) => {
        const merchantId = (record.doc.merchantRef as Doc | undefined)?.merchantId;
        if (merchantId) await this.unplace(tx, actor, String(merchantId), record.id);
      },
    });
  }

  private async productIdsOf(tx: Queryable, companyId: string, merchantId: string): Promise<string[]> {
    const rows = await tx.query<{ id: string }>('SELECT id FROM product WHERE company_id = $1 AND merchant_ref_merchant_id = $2 ORDER BY id', [companyId, merchantId]);
    return rows.map((row) => row.id);
  }

  private async guardDelete(tx: Queryable, actor: Actor, record: StoredRecord): Promise<void> {
    const [{ count }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM product WHERE company_id = $1 AND merchant_ref_merchant_id = $2', [actor.companyId, record.id]);
    if (count > 0) {
      throw new ConflictException({
        message: MERCHANT_DELETE_REFUSED,
        errors: [{ field: 'product', message: `The merchant still has ${count} product${count === 1 ? '' : 's'}: a merchant can only be deleted if it has no products` }],
      });
    }
  }

  private async checkLayouts(tx: Queryable, actor: Actor, merchantId: string | null, doc: Doc): Promise<void> {
    const mobile = layoutOf(doc, 'productLayoutMobile');
    if (mobile && Array.isArray(mobile.placement)) mobile.placement = normaliseMobilePlacement(mobile.placement);
    const placed = LAYOUTS.flatMap((which) => (layoutOf(doc, which)?.placement ?? []).filter((slot): slot is string => typeof slot === 'string' && slot !== ''));
    if (placed.length === 0) return;
    const own = new Set(merchantId ? await this.productIdsOf(tx, actor.companyId, merchantId) : []);
    const errors = LAYOUTS.flatMap((which) =>
      (layoutOf(doc, which)?.placement ?? []).flatMap((slot, index) =>
        typeof slot === 'string' && slot !== '' && !own.has(slot) ? [{ field: `${which}.tab0.placement.${index}`, message: `${slot} is not a product of this merchant` }] : [],
      ),
    );
    if (errors.length > 0) throw invalid('A layout can only place products of this merchant', errors);
  }

  /** Copies the products of the original to the copy and points the copy's layouts at them. */
  private async copyProducts(tx: Queryable, actor: Actor, original: StoredRecord, copyId: string): Promise<void> {
    const products = await tx.query<StoredRecord>('SELECT id, doc FROM product WHERE company_id = $1 AND merchant_ref_merchant_id = $2 ORDER BY id', [actor.companyId, original.id]);
    const newIds = new Map<string, string>();
    for (const product of products) {
      const { meta: _meta, ...doc } = structuredClone(product.doc);
      const copy = await this.pipeline.writeOne(this.product, actor, { before: null, input: { ...doc, merchantRef: { merchantId: copyId } } }, { tx, domain: true });
      newIds.set(product.id, copy.id);
    }
    const copy = await this.records.get(this.merchant, actor.companyId, copyId, tx, true);
    if (!copy) return;
    // the copy was made without layouts (the definition clears them); they come from the original's
    const doc = structuredClone(copy.doc);
    for (const which of LAYOUTS) {
      if (original.doc[which] === undefined) continue;
      doc[which] = structuredClone(original.doc[which]);
      const layout = layoutOf(doc, which);
      if (!layout || !Array.isArray(layout.placement)) continue;
      const placement = layout.placement.map((slot) => newIds.get(String(slot)) ?? '');
      layout.placement = which === 'productLayoutMobile' ? normaliseMobilePlacement(placement) : placement;
    }
    await this.pipeline.writeOne(this.merchant, actor, { before: copy, input: doc, replaces: true }, { tx, domain: true });
  }

  /** Takes a product out of its merchant's layouts: its mobile slot goes, its tablet slot becomes empty. */
  private async unplace(tx: Queryable, actor: Actor, merchantId: string, productId: string): Promise<void> {
    const merchant = await this.records.get(this.merchant, actor.companyId, merchantId, tx, true);
    if (!merchant) return;
    const after = structuredClone(merchant.doc);
    let changed = false;
    for (const which of LAYOUTS) {
      const layout = layoutOf(after, which);
      if (!layout || !Array.isArray(layout.placement) || !layout.placement.includes(productId)) continue;
      changed = true;
      const placement = layout.placement.map((slot) => (slot === productId ? '' : slot));
      layout.placement = which === 'productLayoutMobile' ? normaliseMobilePlacement(placement) : placement;
    }
    if (!changed) return;
    await this.pipeline.writeOne(this.merchant, actor, { before: merchant, input: after, replaces: true }, { tx, domain: true });
  }
}
