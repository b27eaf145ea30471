import { Module } from '@nestjs/common';
import { BatchChannels } from './batch-channels';
import { BatchController } from './batch.controller';
import { BatchMessages } from './batch-messages';
import { BatchPreview } from './batch-preview';
import { BatchService } from './batch.service';
import { BatchWorker } from './batch-worker';
import { BatchRenderer } from './batch-renderer';
import { MailBatchChannel } from './mail-batch-channel';
import { PushBatchChannel } from './push-batch-channel';
import { SmsBatchChannel } from './sms-batch-channel';
import { TemplateBatchRenderer } from './template-batch-renderer';
import { CommunicationModule } from '../communication.module';

/**
 * Batch communication: the wizard's endpoints and the durable sender (BatchWorker), which runs in the API
 * process unless BATCH_WORKER=false, and alone with `npm run worker`.
 */
@Module({
  imports: [CommunicationModule],
  controllers: [BatchController],
  providers: [
    BatchService,
    BatchPreview,
    BatchMessages,
    BatchChannels,
    BatchWorker,
    MailBatchChannel,
    PushBatchChannel,
    SmsBatchChannel,
    { provide: BatchRenderer, useClass: TemplateBatchRenderer },
  ],
  exports: [BatchChannels, BatchWorker],
})
export class BatchModule {}
