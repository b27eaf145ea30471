import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { MerchantAccess } from '../merchant-access';
import { parsePeriod } from '../period';
import { LiveRegisterService, parseInterval } from './live-register.service';
import { LIVE_BUCKETS, LiveSalesService } from './live-sales.service';

const periodQueries = () => [
  ApiQuery({ name: 'from', required: false, description: 'unix seconds, inclusive (alias fromUnix); default 24 hours ago' }),
  ApiQuery({ name: 'to', required: false, description: 'unix seconds, exclusive (alias toUnix); default now' }),
];
const decorate = (...decorators: MethodDecorator[]): MethodDecorator => (target, key, descriptor) => {
  for (const decorator of decorators) decorator(target, key, descriptor);
};

/** Live sales and the live register of a merchant (or `all`). Readable with the merchant right or a third-party view of that merchant. */
@ApiTags('merchant')
@Controller('company/merchant/:merchantId')
export class LiveController {
  constructor(
    private readonly merchants: MerchantAccess,
    private readonly sales: LiveSalesService,
    private readonly register: LiveRegisterService,
  ) {}

  @Get('live')
  @decorate(...periodQueries())
  @ApiOperation({
    summary: 'Live sales of a merchant (merchantId may be `all`)',
    description:
      `Sold transactions (state accepted, paid or completed) with state.put.at.unix in [from, to). Answers transactionTotal {cents, countNumber}; ` +
      `productRef rows {productId, product, productCountNumber, productAmountCents, productPriceDifferent, productState [{unix, countNumber}] for the buckets with sales, prices [{cents, countNumber, amountCents}]}; ` +
      `and timeline: ${LIVE_BUCKETS} buckets between from and to, each {unix (start), countNumber, amountCents}. Bucket i holds the times t with floor((t - from) * ${LIVE_BUCKETS} / (to - from)) = i.`,
  })
  async live(@CurrentActor() actor: Actor, @Param('merchantId') merchantId: string, @Query() query: Record<string, unknown>) {
    const merchant = await this.merchants.readable(actor, merchantId);
    const period = parsePeriod(query);
    return this.sales.read(actor, merchant, period);
  }

  @Get('live-register')
  @ApiQuery({ name: 'interval', required: false, description: 'bar width in ms: 3600000 (y max 250), 600000 (default, y max 50) or 60000 (y max 10)' })
  @decorate(...periodQueries())
  @ApiOperation({
    summary: 'Live register: sold transactions per register terminal per interval',
    description:
      'Without from and to: the last 48 intervals up to now, aligned to the interval. Answers {interval, from, to, yMax, terminals: [{registerTerminalId, name, series: [{name: bar start in ms, value: transactions}]}]}; ' +
      'yMax is the interval default grown to 10 % above the largest bar.',
  })
  async liveRegister(@CurrentActor() actor: Actor, @Param('merchantId') merchantId: string, @Query() query: Record<string, unknown>) {
    const merchant = await this.merchants.readable(actor, merchantId);
    const interval = parseInterval(query.interval);
    const given = query.from !== undefined || query.to !== undefined || query.fromUnix !== undefined || query.toUnix !== undefined;
    const window = this.register.window(interval, given ? parsePeriod(query) : null);
    return this.register.read(actor.companyId, merchant, interval, window);
  }
}
