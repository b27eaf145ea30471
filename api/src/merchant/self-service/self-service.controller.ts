import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { OBJECT_ID, type SelfServiceMenu, type SelfServicePage } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { CurrentActor, Public } from '../../auth/public.decorator';
import { invalid, notFound } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import type { Doc } from '../../records/record-repository';
import { MerchantAccess } from '../merchant-access';
import { SelfServiceMenus } from './self-service-menu';

/**
 * /company/merchant/{id}/self-service: what the merchant's visitors see at its self-service terminal, and the signed
 * address that opens the same menu on a phone (a QR code at the counter) without signing in.
 */
@ApiTags('merchant')
@Controller()
export class SelfServiceController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly merchants: MerchantAccess,
    private readonly menus: SelfServiceMenus,
  ) {}

  @Get('company/merchant/:merchantId/self-service')
  @ApiOperation({ summary: "A merchant's self-service menu (its tablet register's tabs and products) and the public address that opens it" })
  async page(@CurrentActor() actor: Actor, @Param('merchantId') merchantId: string): Promise<SelfServicePage> {
    const merchant = await this.merchants.readable(actor, merchantId);
    if (!merchant) throw invalid('A self-service menu is of one merchant: name it instead of all');
    return { ...(await this.menus.menu(actor.companyId, merchantId, merchant)), menuUrl: await this.menus.menuUrl(merchantId) };
  }

  @Public()
  @Get('public/menu/:merchantId/:signature')
  @ApiOperation({ summary: "A merchant's self-service menu for visitors, by the signed address of its self-service page (no sign-in)" })
  async publicMenu(@Param('merchantId') merchantId: string, @Param('signature') signature: string): Promise<SelfServiceMenu> {
    if (!OBJECT_ID.test(merchantId) || !(await this.menus.validMenuAddress(merchantId, signature))) throw notFound('No such menu');
    const [row] = await this.db.query<{ company_id: string; doc: Doc }>('SELECT company_id, doc FROM merchant WHERE id = $1 AND meta_archived IS NOT TRUE', [merchantId]);
    if (!row) throw notFound('No such menu');
    return this.menus.menu(row.company_id, merchantId, row.doc);
  }
}
