import { jsonSchema as s } from '@backoffice/resources';
import { type DomainOperation, ok, refusal } from './operations';

export const HEALTH_OPERATIONS: DomainOperation[] = [
  { method: 'get', path: '/api/health', operationId: 'health', summary: 'Liveness: the process runs', callers: 'public', answers: { 200: ok('Alive', s.object({ status: s.literal('ok') })) } },
  {
    method: 'get',
    path: '/api/health/ready',
    operationId: 'ready',
    summary: 'Readiness: the database answers and every migration is applied',
    callers: 'public',
    answers: {
      200: ok('Ready', s.object({ status: s.literal('ready'), database: s.enum(['pglite', 'postgres']) })),
      503: refusal('Shutting down (status stopping), the database does not answer (unavailable) or migrations are pending (migrating)'),
    },
  },
];
