import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuditService } from './audit/audit.service';
import { AuthController } from './auth/auth.controller';
import { AuthGuard } from './auth/auth.guard';
import { SessionService } from './auth/session.service';
import { SignInService } from './auth/sign-in.service';
import { SignedLinks } from './common/signed-links';
import { APP_CONFIG } from './common/tokens';
import type { AppConfig } from './config';
import { DATABASE, type Database } from './database/database';
import { EmbeddedTableStatistics } from './database/table-statistics';
import { DomainModule } from './domain/domain.module';
import { HealthController } from './health/health.controller';
import { HistoryModule } from './history/history.module';
import { ImageController } from './images/image.controller';
import { ImageService } from './images/image.service';
import { METRICS, Metrics } from './metrics/metrics';
import { MetricsController } from './metrics/metrics.controller';
import { PgliteBackupController } from './ops/pglite-backup.controller';
import { SavedViewsModule } from './saved-views/saved-views.module';
import { SearchModule } from './search/search.module';
import { ColumnStatistics } from './records/column-statistics';
import { Populator } from './records/populate';
import { RecordController } from './records/record.controller';
import { RecordHooks } from './records/record-hooks';
import { RecordRepository } from './records/record-repository';
import { RecordService } from './records/record.service';
import { WritePipeline } from './records/write-pipeline';
import { ExportController } from './transfer/export.controller';
import { ExportService } from './transfer/export.service';
import { TransferController } from './transfer/transfer.controller';
import { TransferService } from './transfer/transfer.service';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, db: Database): DynamicModule {
    const core = {
      module: CoreModule,
      global: true,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE, useValue: db },
        { provide: METRICS, useValue: config.metricsToken ? new Metrics(db) : null },
        RecordRepository,
        ColumnStatistics,
        EmbeddedTableStatistics,
        RecordHooks,
        RecordService,
        WritePipeline,
        Populator,
        AuditService,
        SessionService,
        SignedLinks,
      ],
      exports: [APP_CONFIG, DATABASE, METRICS, SignedLinks, RecordRepository, RecordHooks, RecordService, WritePipeline, AuditService, SessionService],
    };
    return {
      module: AppModule,
      imports: [core, DomainModule, HistoryModule, SearchModule, SavedViewsModule],
      controllers: [AuthController, HealthController, MetricsController, ImageController, TransferController, ExportController, RecordController, PgliteBackupController],
      providers: [SignInService, ImageService, TransferService, ExportService, { provide: APP_GUARD, useClass: AuthGuard }],
    };
  }
}

@Module({})
class CoreModule {}
