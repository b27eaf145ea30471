import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { isPlainObject } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { invalid } from '../common/errors';
import { RecordService } from '../records/record.service';
import { MerchantAccess } from './merchant-access';
import { emptyLayouts } from './merchant-rules';
import { PRODUCT_LIMIT_CONFIRM, PRODUCT_TABLET_LIMIT } from './product-rules';

/** Merchant setup beside the generic CRUD: quick create and the product create template. */
@ApiTags('merchant')
@Controller('company/merchant')
export class MerchantController {
  constructor(
    private readonly records: RecordService,
    private readonly merchants: MerchantAccess,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Quick create a merchant',
    description: 'Body `{nameLocalized: {full: {en, nl?}}}`: the English name becomes name.full; the layouts start empty (one mobile slot, 24 tablet slots). Answers the merchant (201).',
  })
  quickCreate(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const full = isPlainObject(body) && isPlainObject(body.nameLocalized) && isPlainObject(body.nameLocalized.full) ? body.nameLocalized.full : {};
    const en = typeof full.en === 'string' ? full.en.trim() : '';
    if (!en) throw invalid('The merchant needs an English name', [{ field: 'nameLocalized.full.en', message: 'is required' }]);
    const nl = typeof full.nl === 'string' && full.nl.trim() ? full.nl.trim() : undefined;
    return this.records.create('merchant', actor, { name: { full: en }, nameLocalized: { full: { en, ...(nl && { nl }) } }, ...emptyLayouts() });
  }

  @Get(':merchantId/product/create')
  @ApiOperation({
    summary: 'Template of a new product for a merchant',
    description: 'Answers `{product, productCount, confirm}`: an unsaved product with the defaults, how many products the merchant has, and the confirmation to show when it has 24 or more (a tablet register shows 24), else null.',
  })
  async productTemplate(@CurrentActor() actor: Actor, @Param('merchantId') merchantId: string) {
    this.records.resource('product', actor, 'create');
    const merchant = await this.merchants.readable(actor, merchantId);
    if (!merchant) throw invalid('A product belongs to one merchant: name it instead of all');
    const { records, total } = await this.records.list('product', actor, { 'merchantRef.merchantId': String(merchant._id), _start: '0', _end: '1' });
    void records;
    return {
      product: {
        nameLocalized: { full: { en: '', nl: '' }, description: { en: '', nl: '' } },
        price: { cents: 0, euro: 0 },
        taxPercentage: 0.21,
        type: 'drink',
        content: { alcohol: 0, servings: 1, cups: 1 },
        merchantRef: { merchantId: merchant._id },
      },
      productCount: total,
      confirm: total >= PRODUCT_TABLET_LIMIT ? PRODUCT_LIMIT_CONFIRM : null,
    };
  }
}
