import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { allResources } from '@backoffice/resources';
import { hoistComponents } from './components';
import { DOMAIN_OPERATIONS, type DomainOperation, routeKey } from './domain';
import { modelOperations } from './model-operations';
import { type OperationContract, SECURITY_SCHEMES, toOperation } from './operation';
import { componentName, resourceSchema } from './resource-schemas';

/** The routes of every model (generic records, transfer, history), which the document lists per model instead. */
const MODEL_ROUTE = '/api/company/model/{model}';

type NestOperation = { summary?: string; description?: string; tags?: string[] };

/**
 * The domain routes Nest serves (its scan of the controllers, with their summaries) joined to their contracts; a
 * route without a contract, or a contract without its route, is an error: the document then names them.
 */
function domainContracts(scanned: OpenAPIObject['paths']): OperationContract[] {
  const contracts = new Map<string, DomainOperation>(DOMAIN_OPERATIONS.map((operation) => [routeKey(operation.method, operation.path), operation]));
  const joined: OperationContract[] = [];
  const missing: string[] = [];
  for (const [path, item] of Object.entries(scanned)) {
    if (path.startsWith(MODEL_ROUTE)) continue;
    for (const [method, scan] of Object.entries(item as Record<string, NestOperation>)) {
      const key = routeKey(method, path);
      const contract = contracts.get(key);
      if (!contract) {
        missing.push(key);
        continue;
      }
      contracts.delete(key);
      joined.push({ ...contract, tags: contract.tags ?? scan.tags ?? [], summary: contract.summary ?? scan.summary, description: contract.description ?? scan.description });
    }
  }
  disagreement(missing, [...contracts.keys()]);
  return joined;
}

function disagreement(missing: readonly string[], stale: readonly string[]): void {
  if (missing.length === 0 && stale.length === 0) return;
  throw new Error(`The API's routes and their contracts (api/src/openapi) disagree. Routes without a contract: ${missing.join(', ') || 'none'}. Contracts without a route: ${stale.join(', ') || 'none'}.`);
}

/**
 * Each model's operations (modelOperations) on the routes of every model Nest serves, as `METHOD /suffix` after
 * `{model}`; a route of every model that no model's operation documents is an error.
 */
function modelContracts(scanned: OpenAPIObject['paths']): OperationContract[] {
  const served = new Set(
    Object.entries(scanned).flatMap(([path, item]) => (path.startsWith(MODEL_ROUTE) ? Object.keys(item as object).map((method) => routeKey(method, path.slice(MODEL_ROUTE.length))) : [])),
  );
  const routeOf = (contract: OperationContract) => routeKey(contract.method, contract.path.replace(/^\/api\/company\/model\/[^/]+/, ''));
  const contracts = allResources().flatMap(modelOperations).filter((contract) => served.has(routeOf(contract)));
  const documented = new Set(contracts.map(routeOf));
  disagreement([...served].filter((route) => !documented.has(route)).map((route) => route.replace(' ', ` ${MODEL_ROUTE}`)), []);
  return contracts;
}

/**
 * The OpenAPI description, from what the code runs: each model's operations from its definition (only those its
 * access allows), and every other route of the controllers with its contract (bodies and answers from the shared
 * contracts of resources/src/contracts). Every operation names who may call it, how, and every status it answers.
 */
export function buildOpenApi(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Back office API')
    .setDescription(
      'Generic REST over the resource definitions in the conventions of Refine\'s simple-rest data provider, sign-in, images and the domain endpoints. ' +
        'Sign in at /api/auth/login; send the session cookie or `Authorization: Bearer <token>`. Super admins may act in another company with `X-Company-Id`. ' +
        'Lists page with `_start`/`_end` or, at any depth, with `_cursor` (the `X-Next-Cursor` of the page before); without either they answer every row up to the model\'s cap. ' +
        'Every refusal has the body `{message, errors?, statusCode}`.',
    )
    .setVersion('1')
    .build();
  const scanned = SwaggerModule.createDocument(app, config);
  const resources = allResources();
  const contracts = [...modelContracts(scanned.paths), ...domainContracts(scanned.paths)];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) (paths[contract.path] ??= {})[contract.method] = toOperation(contract);
  const schemas = Object.fromEntries(resources.flatMap((def) => (['record', 'create', 'update'] as const).map((use) => [componentName(def, use), resourceSchema(def, use)])));
  const document = { ...scanned, paths, components: { schemas, securitySchemes: SECURITY_SCHEMES } };
  return hoistComponents(document) as unknown as OpenAPIObject;
}
