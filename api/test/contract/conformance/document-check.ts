import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

type OpenApi = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }> };

export interface DocumentedOperation {
  operationId: string;
  method: string;
  /** the OpenAPI path, with {parameters} */
  path: string;
  statuses: number[];
  operation: Operation;
}

/** A live answer that did not match the document, and why. */
export interface Mismatch {
  operationId: string;
  status: number;
  problem: string;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Holds the document and checks live answers against it: the status must be one the operation documents (not a
 * `default`), the media type one it documents for that status, and a JSON body valid for its schema (JSON Schema
 * 2020-12, as OpenAPI 3.1 has it, with the formats). Every answer checked is counted, and each documented status
 * an answer has shown.
 */
export class DocumentCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  private readonly validators = new Map<string, ValidateFunction>();
  readonly operations: Map<string, DocumentedOperation>;
  readonly shown = new Map<string, Set<number>>();
  readonly mismatches: Mismatch[] = [];
  checked = 0;

  constructor(readonly document: OpenApi) {
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'doc');
    this.operations = new Map(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => [operation.operationId, { operationId: operation.operationId, method, path, statuses: Object.keys(operation.responses).map(Number), operation }] as const),
      ),
    );
  }

  /** The documented operation, or an error naming the id. */
  operation(operationId: string): DocumentedOperation {
    const found = this.operations.get(operationId);
    if (!found) throw new Error(`No operation ${operationId} in the document`);
    return found;
  }

  private validator(pointer: string): ValidateFunction {
    if (!this.validators.has(pointer)) this.validators.set(pointer, this.ajv.compile({ $ref: `doc#${pointer}` }));
    return this.validators.get(pointer)!;
  }

  /** Checks a live answer of the operation; answers the problem, or null when it conforms. */
  check(operationId: string, response: Pick<Response, 'status' | 'headers' | 'text' | 'body'>): string | null {
    const { method, path, operation } = this.operation(operationId);
    this.checked += 1;
    const problem = this.problemOf(method, path, operation, response);
    if (problem) this.mismatches.push({ operationId, status: response.status, problem });
    else (this.shown.get(operationId) ?? this.shown.set(operationId, new Set()).get(operationId)!).add(response.status);
    return problem;
  }

  private problemOf(method: string, path: string, operation: Operation, response: Pick<Response, 'status' | 'headers' | 'text' | 'body'>): string | null {
    const documented = operation.responses[String(response.status)];
    if (!documented) return `status ${response.status} is not documented (${Object.keys(operation.responses).join(', ')}): ${response.text?.slice(0, 300)}`;
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0].trim();
    const media = Object.keys(documented.content ?? {});
    if (media.length === 0) return contentType && response.text ? `status ${response.status} documents no body, but one came (${contentType})` : null;
    if (!media.includes(contentType)) return `media type ${contentType || 'none'} is not documented for ${response.status} (${media.join(', ')})`;
    for (const header of Object.keys(documented.headers ?? {}).filter((name) => name === 'X-Total-Count')) {
      if (response.headers[header.toLowerCase()] === undefined) return `header ${header} is missing`;
    }
    if (contentType !== 'application/json') return null;
    const validate = this.validator(`/paths/${escape(path)}/${method}/responses/${response.status}/content/${escape(contentType)}/schema`);
    const body = response.text === '' ? undefined : JSON.parse(response.text);
    if (validate(body)) return null;
    return `the body does not match: ${this.ajv.errorsText(validate.errors?.slice(0, 4), { dataVar: 'body' })} — ${response.text.slice(0, 400)}`;
  }

  /** Documented statuses no live answer has shown, by operation. */
  unshown(): string[] {
    return [...this.operations.values()].flatMap(({ operationId, statuses }) =>
      statuses.filter((status) => !this.shown.get(operationId)?.has(status)).map((status) => `${operationId} ${status}`),
    );
  }
}
