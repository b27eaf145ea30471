import { Module } from '@nestjs/common';
import { ActivityService } from './activity.service';
import { AuditEntries } from './audit-entries';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';
import { RecordTitles } from './record-titles';

/** What every model gets beside its CRUD: its records' history and restore, and the company's activity. */
@Module({ controllers: [HistoryController], providers: [HistoryService, ActivityService, AuditEntries, RecordTitles], exports: [RecordTitles] })
export class HistoryModule {}
