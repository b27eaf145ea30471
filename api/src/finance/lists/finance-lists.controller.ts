import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { FinanceListsService } from './finance-lists.service';

function withTotal(response: Response, total: number): void {
  response.setHeader('X-Total-Count', String(total));
  response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
}

/** Tables of the finance screens (finance admins may not read users or products themselves). */
@ApiTags('finance')
@Controller('company/finance')
export class FinanceListsController {
  constructor(private readonly lists: FinanceListsService) {}

  @Get('payment')
  @ApiOperation({ summary: "Payments of a period (start, end in ms) with the user's name; _start, _end, _order; total in X-Total-Count" })
  async payments(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { rows, total } = await this.lists.payments(actor, query);
    withTotal(response, total);
    return rows;
  }

  @Get('transaction')
  @ApiOperation({ summary: "Transactions of a period (start, end in ms; optional state) with the user's name and the products with counts" })
  async transactions(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { rows, total } = await this.lists.transactions(actor, query);
    withTotal(response, total);
    return rows;
  }

  @Get('product')
  @ApiOperation({ summary: 'Products to choose from in the transaction product editor (q searches the name)' })
  products(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>) {
    return this.lists.productChoices(actor, query);
  }
}
