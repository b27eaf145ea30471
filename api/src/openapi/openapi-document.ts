import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { type ResourceDef, allResources, rightsFor } from '@backoffice/resources';
import { resourceSchema } from './resource-schemas';

const error = { $ref: '#/components/schemas/Error' };
const answers = (ok: Record<string, unknown>) => ({
  ...ok,
  400: { description: 'Invalid input: unknown field, operator or wrong type', content: { 'application/json': { schema: error } } },
  401: { description: 'Not signed in' },
  403: { description: 'Your rights do not allow this; `missingRight` lists the rights of which any one would' },
  404: { description: 'Unknown model, or no such record in your company' },
});

const listParameters = [
  ['_start', 'first row (0-based)'], ['_end', 'row after the last'], ['_sort', 'fields, comma-separated'], ['_order', 'asc or desc per sort field'],
  ['q', 'search in the searchable fields'], ['_select', 'only these paths, comma-separated'], ['_populate', 'fill these references, e.g. merchantRef.merchant'],
].map(([name, description]) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } }));

/** Who may read a resource's records, in words, with the reason where the definition gives one. */
function readersText(def: ResourceDef): string {
  const rights = rightsFor(def, 'read');
  const who = !rights ? 'Nobody may read these records.'
    : rights.includes('super') ? 'Readable by super admins only.'
    : `Readable by super admins and by admins with the ${rights.join(' or ')} right.`;
  return def.accessNote ? `${who} ${def.accessNote}` : who;
}

function resourcePaths(def: ResourceDef): Record<string, unknown> {
  const ref = { $ref: `#/components/schemas/${def.name}` };
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const base = `/api/company/model/${def.name}`;
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } };
  const tags = [def.name];
  const action = (summary: string) => ({ post: { tags, summary, parameters: [idParam], responses: answers({ 200: { description: 'The record', ...json(ref) } }) } });
  return {
    [base]: {
      get: {
        tags,
        summary: `List ${def.labelPlural ?? def.label}. Filters: {field}=v, {field}_ne, _gte, _lte, _like, _in (comma list).`,
        description: readersText(def),
        parameters: listParameters,
        responses: answers({ 200: { description: 'One page; the total is in X-Total-Count', headers: { 'X-Total-Count': { schema: { type: 'integer' } } }, ...json({ type: 'array', items: ref }) } }),
      },
      post: { tags, summary: `Create a ${def.label}`, requestBody: json(ref), responses: answers({ 201: { description: 'Created', ...json(ref) } }) },
    },
    [`${base}/{id}`]: {
      get: { tags, summary: `Read a ${def.label}`, description: readersText(def), parameters: [idParam], responses: answers({ 200: { description: 'The record', ...json(ref) } }) },
      patch: { tags, summary: `Change a ${def.label} (objects merge, lists replace)`, parameters: [idParam], requestBody: json(ref), responses: answers({ 200: { description: 'The record', ...json(ref) } }) },
      delete: { tags, summary: `Delete a ${def.label}`, parameters: [idParam], responses: answers({ 200: { description: 'The deleted record', ...json(ref) }, 409: { description: 'A domain rule refuses the delete' } }) },
    },
    ...(def.archivable && { [`${base}/{id}/archive`]: action('Archive'), [`${base}/{id}/unarchive`]: action('Unarchive') }),
    [`${base}/{id}/duplicate`]: action('Duplicate'),
  };
}

const GENERIC_RECORD_PATH = /^\/api\/company\/model\/\{model\}(\/\{id\}(\/(archive|unarchive|duplicate))?)?$/;

/** The OpenAPI description: the decorated controllers plus every resource's generic routes and schema. */
export function buildOpenApi(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Back office API')
    .setDescription('Generic REST over the resource definitions, sign-in, images and domain endpoints. Sign in at /api/auth/login; send the session cookie or `Authorization: Bearer <token>`. Super admins may add `X-Company-Id`.')
    .setVersion('1')
    .addBearerAuth()
    .addCookieAuth('session')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // the generic record routes are listed per model below; the other routes under {model} (import, export, schema) stay
  for (const path of Object.keys(document.paths)) if (GENERIC_RECORD_PATH.test(path)) delete document.paths[path];
  const resources = allResources();
  for (const def of resources) Object.assign(document.paths, resourcePaths(def) as OpenAPIObject['paths']);
  document.components ??= {};
  document.components.schemas = {
    ...document.components.schemas,
    Error: { type: 'object', properties: { message: { type: 'string' }, statusCode: { type: 'integer' }, errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } } } },
    ...Object.fromEntries(resources.map((def) => [def.name, resourceSchema(def)])),
  };
  return document;
}
