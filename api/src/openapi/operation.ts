import { type Right, errorSchema } from '@backoffice/resources';

export type Schema = Record<string, unknown>;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One status an operation answers: what it means, and its body. */
export interface Answer {
  description: string;
  /** the JSON body; none for an empty answer */
  schema?: Schema;
  /** a file or a stream instead of JSON: its media type, with `schema` describing it */
  mediaType?: string;
  /** the same answer in other media types, as the request's Accept asks */
  also?: Record<string, Schema>;
  headers?: Record<string, { description: string; schema: Schema }>;
}

export interface QueryParameter {
  schema: Schema;
  description?: string;
  required?: boolean;
}

/**
 * Who may call an operation: anyone (`public`), anyone signed in, or the holders of any one of these rights (super
 * admins always).
 */
export type Callers = 'public' | 'signed-in' | readonly Right[];

/** An operation as the code runs it: the document adds what every operation of its kind answers (`toOperation`). */
export interface OperationContract {
  method: Method;
  /** the path as OpenAPI writes it: /api/company/finance/payment/{id}/refund */
  path: string;
  operationId: string;
  tags: readonly string[];
  summary?: string;
  description?: string;
  callers: Callers;
  /** the path's parameters by name; an id of 24 hexadecimal characters unless named here */
  pathParameters?: Record<string, Schema>;
  query?: Record<string, QueryParameter>;
  headers?: Record<string, QueryParameter>;
  body?: { schema: Schema; mediaType?: string; required?: boolean; description?: string };
  /** the operation's own answers: its success and the refusals of its domain */
  answers: Record<number, Answer>;
  /** takes an Idempotency-Key (writes that move money or send messages) */
  idempotent?: boolean;
}

export const ID_PATTERN = '^[0-9a-f]{24}$';
const ERROR = errorSchema;

/** A refusal with the shared error body. */
export const refusal = (description: string): Answer => ({ description, schema: ERROR });

/** The security schemes: the bearer token or the session cookie of a sign-in. */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /api/auth/login answers' },
  session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The httpOnly cookie POST /api/auth/login sets; writes with it must come from the same origin' },
};

const rightsText = (rights: readonly Right[]) => (rights.includes('super') && rights.length === 1 ? 'super admins' : `super admins and admins with the ${rights.filter((right) => right !== 'super').join(' or ')} right`);

/** Whom the operation is for, in words. */
export function callersText(callers: Callers): string {
  if (callers === 'public') return 'Anyone may call it, signed in or not.';
  if (callers === 'signed-in') return 'Anyone signed in.';
  return `For ${rightsText(callers)}.`;
}

/**
 * The statuses every operation of a kind may answer besides its own: any request may break the input checks that run
 * before every route (400); a signed-in operation refuses a missing or ended session (401), a super admin's company
 * (X-Company-Id) that does not exist (404) and anyone else's (403); a body may be too large (413).
 */
function sharedAnswers(contract: OperationContract): Record<number, Answer> {
  const answers: Record<number, Answer> = { 400: refusal('A field, parameter or header is not valid; `errors` names each') };
  if (contract.callers !== 'public') {
    const rights = Array.isArray(contract.callers) ? ` or without the right: it needs ${rightsText(contract.callers)} (missingRight names them)` : '';
    answers[401] = refusal('Not signed in, or the session ended');
    answers[403] = refusal(`X-Company-Id names another company and the caller is no super admin, or a write with the session cookie comes from another site${rights}`);
    answers[404] = refusal('X-Company-Id names no company');
  }
  if (contract.body) answers[413] = refusal('The body is larger than the route takes (1 MB; 50 MB for imports and exports)');
  if (contract.idempotent) {
    answers[409] = refusal('The first request with this Idempotency-Key is still running, or failed: send it again');
    answers[422] = refusal('This Idempotency-Key was sent with another request');
  }
  return answers;
}

const parameter = (name: string, where: 'path' | 'query' | 'header', { schema, description, required }: QueryParameter) => ({
  name,
  in: where,
  required: where === 'path' || Boolean(required),
  ...(description && { description }),
  schema,
});

const content = (schema: Schema, mediaType = 'application/json') => ({ content: { [mediaType]: { schema } } });

function answerObject({ description, schema, mediaType = 'application/json', also, headers }: Answer) {
  const types = { ...(schema && { [mediaType]: { schema } }), ...Object.fromEntries(Object.entries(also ?? {}).map(([type, other]) => [type, { schema: other }])) };
  return { description, ...(headers && { headers }), ...(Object.keys(types).length > 0 && { content: types }) };
}

/** The path parameters of an OpenAPI path: those the contract names, else ids. */
function pathParameters(contract: OperationContract) {
  return [...contract.path.matchAll(/\{(\w+)\}/g)].map(([, name]) =>
    parameter(name, 'path', { schema: contract.pathParameters?.[name] ?? { type: 'string', pattern: ID_PATTERN } }),
  );
}

/** The OpenAPI operation of a contract, with what every operation of its kind answers and takes. */
export function toOperation(contract: OperationContract): Record<string, unknown> {
  const signedIn = contract.callers !== 'public';
  // the operation's own description of a status comes first; the shared causes are added to it
  const shared = sharedAnswers(contract);
  const answers: Record<string, unknown> = {};
  for (const status of [...new Set([...Object.keys(contract.answers), ...Object.keys(shared)].map(Number))].sort((a, b) => a - b)) {
    const own = contract.answers[status];
    const common = shared[status];
    answers[status] = answerObject(own && common ? { ...own, description: `${own.description}; or: ${common.description}` } : (own ?? common));
  }
  return {
    operationId: contract.operationId,
    tags: contract.tags,
    ...(contract.summary && { summary: contract.summary }),
    description: [contract.description, callersText(contract.callers)].filter(Boolean).join('\n\n'),
    parameters: [
      ...pathParameters(contract),
      ...Object.entries(contract.query ?? {}).map(([name, query]) => parameter(name, 'query', query)),
      ...Object.entries(contract.headers ?? {}).map(([name, header]) => parameter(name, 'header', header)),
      ...(contract.idempotent ? [parameter('Idempotency-Key', 'header', { schema: { type: 'string', pattern: '^"?[\\x21-\\x7e]{1,255}"?$' }, description: 'A key per intended action (a UUID): the same key with the same request answers the first answer again for 24 h' })] : []),
      ...(signedIn ? [parameter('X-Company-Id', 'header', { schema: { type: 'string', pattern: ID_PATTERN }, description: 'Super admins: act in this company instead of their own' })] : []),
    ],
    ...(contract.body && { requestBody: { required: contract.body.required ?? true, ...(contract.body.description && { description: contract.body.description }), ...content(contract.body.schema, contract.body.mediaType) } }),
    responses: answers,
    security: signedIn ? [{ bearer: [] }, { session: [] }] : [],
  };
}
