import { ANY_ADMIN, BATCH_DECISIONS, BATCH_SIZES, batchGroupSchema, batchItemRowSchema, batchStatusSchema, groupOptionSchema, jsonSchema as s, undecidedBatchSchema } from '@backoffice/resources';
import { type DomainOperation, errorWith, ok, refusal } from './operations';

const noBatch = refusal('No such batch in your company');
const chunkSize = s.integer({ enum: [...BATCH_SIZES], description: 'super admins only' });
const actedOn = 'the caller may not send to its group (403)';

export const BATCH_OPERATIONS: DomainOperation[] = [
  { method: 'get', path: '/api/company/batch/group-options', operationId: 'batchGroupOptions', callers: ANY_ADMIN, answers: { 200: ok('The options the caller may use', s.array(groupOptionSchema)) } },
  {
    method: 'post',
    path: '/api/company/batch/group/count',
    operationId: 'countBatchGroup',
    callers: ANY_ADMIN,
    body: { schema: s.object({ group: batchGroupSchema }) },
    answers: { 200: ok('How many recipients', s.object({ count: s.integer({ minimum: 0 }) })), 400: refusal("An unknown option, a missing value, or manual data that is no list ('Invalid data')") },
  },
  { method: 'get', path: '/api/company/batch/slots', operationId: 'batchSlots', callers: 'signed-in', answers: { 200: ok('The 480 slots, unix seconds', s.object({ slots: s.array(s.integer()) })) } },
  {
    method: 'post',
    path: '/api/company/batch',
    operationId: 'createBatch',
    callers: ANY_ADMIN,
    idempotent: true,
    body: { schema: s.object({ group: batchGroupSchema, templateId: s.objectId(), chunkSize }, { optional: ['chunkSize'] }) },
    answers: { 201: ok('The batch, paused', batchStatusSchema), 400: refusal('No template, a template without a batch channel, an empty group or an unknown size'), 404: refusal('No such template in your company') },
  },
  { method: 'get', path: '/api/company/batch/undecided', operationId: 'undecidedBatches', callers: ANY_ADMIN, answers: { 200: ok('Newest first', s.array(undecidedBatchSchema)) } },
  { method: 'get', path: '/api/company/batch/{batchId}', operationId: 'batchStatus', callers: ANY_ADMIN, answers: { 200: ok('The status', batchStatusSchema), 404: noBatch } },
  {
    method: 'get',
    path: '/api/company/batch/{batchId}/items',
    operationId: 'batchItems',
    callers: ANY_ADMIN,
    query: {
      _start: { schema: { type: 'integer', minimum: 0 } },
      _end: { schema: { type: 'integer', minimum: 0 }, description: 'at most 1000 rows a page (default 50)' },
      state: { schema: { type: 'string', enum: ['ready', 'executing', 'done', 'declined', 'error', 'uncertain'] } },
    },
    answers: { 200: { ...ok('One row per recipient', s.array(batchItemRowSchema)), headers: { 'X-Total-Count': { description: 'the rows', schema: { type: 'integer' } } } }, 400: refusal('An unknown state'), 404: noBatch },
  },
  {
    method: 'get',
    path: '/api/company/batch/{batchId}/items/{seq}/preview',
    operationId: 'batchItemPreview',
    callers: ANY_ADMIN,
    pathParameters: { seq: { type: 'integer', minimum: 0 } },
    answers: { 200: ok("The recipient's message", s.object({ html: s.string(), subject: s.string(), rendered: s.string() })), 404: refusal('No such recipient in the batch') },
  },
  {
    method: 'post',
    path: '/api/company/batch/{batchId}/run',
    operationId: 'runBatch',
    callers: ANY_ADMIN,
    idempotent: true,
    body: { required: false, schema: s.object({ deliverAt: s.integer({ description: 'one of the slots: plan instead of run' }), chunkSize }, { optional: ['deliverAt', 'chunkSize'] }) },
    answers: {
      200: ok('Running, or planned', batchStatusSchema),
      400: refusal('Not a slot, or an unknown size'),
      403: refusal(`As every signed-in call, or ${actedOn}`),
      404: noBatch,
      409: errorWith("The batch is completed or cancelled, one that started cannot be planned, or the template's channel is switched off (reason service-off)"),
    },
  },
  {
    method: 'post',
    path: '/api/company/batch/{batchId}/decisions',
    operationId: 'decideBatchItems',
    callers: ANY_ADMIN,
    idempotent: true,
    body: { schema: s.object({ decision: s.enum(BATCH_DECISIONS), seqs: s.array(s.integer({ minimum: 0 }), { minItems: 1, maxItems: 1000 }) }, { optional: ['seqs'] }) },
    answers: { 200: ok('The status', batchStatusSchema), 400: refusal('No decision, or seqs of the wrong form'), 403: refusal(`As every signed-in call, or ${actedOn}`), 404: noBatch, 409: errorWith('None of them waits for a decision') },
  },
  {
    method: 'post',
    path: '/api/company/batch/{batchId}/pause',
    operationId: 'pauseBatch',
    callers: ANY_ADMIN,
    answers: { 200: ok('Paused', batchStatusSchema), 403: refusal(`As every signed-in call, or ${actedOn}`), 404: noBatch, 409: errorWith('The batch is completed or cancelled') },
  },
];
