import { findResource } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import type { Queryable } from '../../database/database';
import type { WritePipeline } from '../../records/write-pipeline';
import { stateAt } from '../delivery/message-records';
import type { BatchMessage, BatchOrigin, BatchSendOutcome } from './batch-channel';
import { messageRecordId } from './batch-store';

/**
 * The message records (communicationMail, communicationSms) of what the provider took, in state `stateId`, written
 * in bulk through the write pipeline as domain writes of the batch's creator (the batch checked its rights when it
 * was made). `content` gives each record its own fields (text, provider id) and the recipient's address.
 */
export async function writeBatchRecords(
  pipeline: WritePipeline,
  tx: Queryable,
  model: 'communicationMail' | 'communicationSms',
  stateId: string,
  batch: BatchOrigin,
  messages: readonly BatchMessage[],
  outcomes: readonly BatchSendOutcome[],
  content: (message: BatchMessage, providerId: string | null) => { fields: Record<string, unknown>; address: Record<string, unknown> },
): Promise<void> {
  const sent = new Map(outcomes.filter((outcome) => outcome.state === 'done').map((outcome) => [outcome.key, outcome.providerId ?? null]));
  const now = new Date();
  const created = stateAt('created', now);
  const reached = stateAt(stateId, now);
  const writes = messages.filter((message) => sent.has(message.key)).map((message) => {
    const { fields, address } = content(message, sent.get(message.key) ?? null);
    return {
      before: null,
      id: messageRecordId(message.key),
      input: {
        ...fields,
        to: [{ ...(message.to.name && { name: message.to.name }), ...address, ...(message.userId && { userRef: { userId: message.userId } }) }],
        templateRef: { templateId: batch.template_id },
        state: reached,
        stateHistory: [created, reached],
        meta: { createdAt: created.put.at.unix },
      },
    };
  });
  if (writes.length === 0) return;
  const creator: Actor = { userId: batch.created_by, companyId: batch.company_id, homeCompanyId: batch.company_id, rights: new Set(), access: [], thirdParty: false };
  await pipeline.writeMany(findResource(model)!, creator, writes, { tx, domain: true });
}
