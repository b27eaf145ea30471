import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { output, pathId } from '../finance-output';
import { UserPaymentService } from '../user-actions/user-payment.service';
import { RefundListService } from './refund-list.service';
import { RefundService } from './refund.service';

@ApiTags('finance')
@Controller('company/finance')
export class RefundController {
  constructor(
    private readonly refunds: RefundService,
    private readonly list: RefundListService,
    private readonly users: UserPaymentService,
  ) {}

  @Get('refund')
  @ApiOperation({ summary: 'Refund screen: completed payments with leftover credit. Query: year (or all, super), refundability (any|provider|iban|none), leftover (true|false), anonymous (include|exclude|only, super), _start, _end, _sort, _order' })
  async refundList(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { rows, total } = await this.list.list(actor, query);
    response.setHeader('X-Total-Count', String(total));
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    return rows;
  }

  @Post('payment/:id/refund')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Refund the leftover credit of a paynl payment through pay.nl (409 when it cannot be refunded, 502 when pay.nl refuses; nothing changes then)' })
  async refund(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const result = await this.refunds.refundByProvider(actor, pathId(id, 'payment'));
    return { message: result.message, payment: output('payment', result.payment, actor), refund: output('payment', result.refund, actor) };
  }

  @Post('payment/:id/refund-iban')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Refund the leftover credit by bank account: a pending refund paid by the next refund bank file' })
  async refundIban(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const result = await this.refunds.refundByIban(actor, pathId(id, 'payment'));
    return { message: result.message, payment: output('payment', result.payment, actor), refund: output('payment', result.refund, actor) };
  }

  @Post('payment/:id/sync')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read the payment status from pay.nl and write a changed state' })
  sync(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.users.syncPayment(actor, pathId(id, 'payment'));
  }
}
