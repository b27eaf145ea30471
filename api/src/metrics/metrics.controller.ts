import { Controller, Get, Inject, NotFoundException, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator';
import { bearerIs } from '../common/bearer-secret';
import { APP_CONFIG } from '../common/tokens';
import type { AppConfig } from '../config';
import { METRICS, type Metrics } from './metrics';

/** Prometheus's scrape: only with METRICS_TOKEN set, and only for its bearer; otherwise the route does not exist. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(METRICS) private readonly metrics: Metrics | null,
  ) {}

  @Public()
  @Get()
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (!this.metrics || !this.config.metricsToken) throw new NotFoundException();
    if (!bearerIs(request, this.config.metricsToken)) throw new UnauthorizedException({ message: 'The metrics token (METRICS_TOKEN) is missing or wrong' });
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.send(await this.metrics.registry.metrics());
  }
}
