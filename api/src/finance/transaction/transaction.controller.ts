import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { output, pathId } from '../finance-output';
import { TicketAssignmentService } from './ticket-assignment';
import { TransactionService } from './transaction.service';

/** Refund, relink and the product editor of paid transactions (part 2 sections 2 and 4). */
@ApiTags('finance')
@Controller('company/finance/transaction/:id')
export class TransactionController {
  constructor(
    private readonly transactions: TransactionService,
    private readonly tickets: TicketAssignmentService,
  ) {}

  @Post('refund')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Refund a paid transaction: its amount goes back to the credit it was paid from. Older than 30 days: 409 unless super admin (then a warning)' })
  async refund(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const result = await this.transactions.refund(actor, pathId(id, 'transaction'));
    return { ...result, transaction: output('transaction', result.transaction, actor) };
  }

  @Post('relink')
  @HttpCode(200)
  @ApiOperation({ summary: 'Link a paid transaction to the payments that pay it' })
  async relink(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return output('transaction', await this.transactions.relink(actor, pathId(id, 'transaction')), actor);
  }

  @Post('assign-email')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Assign the ticket of a paid multi-ticket transaction to another email { email } (finance admins)',
    description:
      "The transaction's event guest moves to the active user of the company with that email (case does not matter); the transaction keeps its buyer and payments. " +
      "400 without a valid email; 404 when no active user has it; 409 when the transaction is not a multi-ticket one, not paid, has no event guest, or that user is already a guest of the event.",
  })
  assignEmail(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.tickets.assign(actor, pathId(id, 'transaction'), body);
  }

  @Put('product')
  @ApiOperation({ summary: 'Product editor: set the products { productRef: [{ productId }] }; amount becomes the sum of the product prices, paymentRef is emptied' })
  async setProducts(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: { productRef?: unknown }) {
    return output('transaction', await this.transactions.setProducts(actor, pathId(id, 'transaction'), body?.productRef), actor);
  }

  @Post('product')
  @ApiOperation({ summary: 'Product editor: add a product { productId }' })
  async addProduct(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: { productId?: unknown }) {
    return output('transaction', await this.transactions.addProduct(actor, pathId(id, 'transaction'), body?.productId), actor);
  }

  @Delete('product/:index')
  @ApiOperation({ summary: 'Product editor: remove the product at an index' })
  async removeProduct(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('index') index: string) {
    return output('transaction', await this.transactions.removeProduct(actor, pathId(id, 'transaction'), index), actor);
  }

  @Delete('product')
  @ApiOperation({ summary: "Removing a product without an index: 404 'index-required'" })
  async removeWithoutIndex(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return output('transaction', await this.transactions.removeProduct(actor, pathId(id, 'transaction'), undefined), actor);
  }
}
