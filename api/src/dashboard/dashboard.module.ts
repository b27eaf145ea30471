import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** The personal dashboard of part 1 section 2. */
@Module({ controllers: [DashboardController], providers: [DashboardService] })
export class DashboardModule {}
