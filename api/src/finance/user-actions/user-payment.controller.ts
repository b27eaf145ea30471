import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { output, pathId } from '../finance-output';
import { UserPaymentService } from './user-payment.service';

/** Per-user payment actions (part 1 section 7). */
@ApiTags('finance')
@Controller('company/finance/user/:userId')
export class UserPaymentController {
  constructor(private readonly users: UserPaymentService) {}

  @Post('refund')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Refund every paynl payment of the user with leftover credit through pay.nl' })
  refund(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.users.refundAll(actor, pathId(userId, 'user'), 'provider');
  }

  @Post('refund-iban')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({ summary: 'Refund all leftover credit of the user by bank account (paid by the next refund bank file)' })
  refundIban(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.users.refundAll(actor, pathId(userId, 'user'), 'iban');
  }

  @Post('relink')
  @HttpCode(200)
  @ApiOperation({ summary: "Relink the user's paid transactions to the payments that pay them and recompute leftover credit" })
  relink(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.users.relink(actor, pathId(userId, 'user'));
  }

  @Post('sync')
  @HttpCode(200)
  @ApiOperation({ summary: "Sync all the user's online payments with pay.nl" })
  sync(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.users.syncAll(actor, pathId(userId, 'user'));
  }

  @Post('fetch-iban')
  @HttpCode(200)
  @ApiOperation({ summary: "Fetch the user's bank account number from pay.nl into pay.iban" })
  fetchIban(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.users.fetchBankAccount(actor, pathId(userId, 'user'));
  }

  @Post('credit')
  @Idempotent()
  @ApiOperation({ summary: 'Give the user non-refundable credit: { cents, note } (finance and non-refundable admins)' })
  async credit(@CurrentActor() actor: Actor, @Param('userId') userId: string, @Body() body: { cents?: unknown; note?: unknown }) {
    return output('payment', await this.users.addCredit(actor, pathId(userId, 'user'), body), actor);
  }

  @Get('balance')
  @ApiOperation({ summary: 'The user balance: leftover credit and debt in cents, with the transactions that use credit and the payments' })
  balance(@CurrentActor() actor: Actor, @Param('userId') userId: string) {
    return this.users.balance(actor, pathId(userId, 'user'));
  }
}
