import { randomUUID } from 'node:crypto';
import { effectiveRights, type Right } from '@backoffice/resources';
import { DOMAIN_OPERATIONS } from '../../../src/openapi/domain';
import type { OperationContract } from '../../../src/openapi/operation';
import type { Role, TestApp } from '../../support/test-app';
import { type Call, hygieneRefusal, send, sendOversized, sharedRefusals } from './calls';
import type { DocumentCheck } from './document-check';

/** Staff roles of the test companies, the order in which one lacking an operation's rights is looked for. */
const LACKING_ORDER: readonly Role[] = ['event', 'finance', 'merchant', 'user', 'application', 'financeNonRefundable', 'company'];
const JSON_LIMIT = 1024 * 1024;
const TRANSFER_LIMIT = 50 * 1024 * 1024;
const UPLOAD_LIMIT = 10 * 1024 * 1024;

/**
 * Sends calls and checks every answer against the document: the status the call is made to show, and a status,
 * media type and body the operation documents. From the first call of each operation it also makes the refusals
 * every operation of its kind can show (no session, another company, a company that is not there, the input checks,
 * a body too large, a role without the right, a reused or unfinished Idempotency-Key).
 */
export class ConformanceRunner {
  readonly wrongStatus: string[] = [];
  private readonly derived = new Set<string>();

  constructor(
    private readonly t: TestApp,
    private readonly check: DocumentCheck,
    private readonly contracts: ReadonlyMap<string, Pick<OperationContract, 'callers' | 'idempotent' | 'body'>>,
  ) {}

  static contractsOf(models: readonly OperationContract[]): Map<string, Pick<OperationContract, 'callers' | 'idempotent' | 'body'>> {
    return new Map([...models, ...DOMAIN_OPERATIONS].map((contract) => [contract.operationId, contract]));
  }

  async run(calls: readonly Call[]): Promise<void> {
    for (const call of calls) {
      await this.sendAndCheck(call);
      if ((call.expect < 300 || call.derive) && !this.derived.has(call.operationId)) {
        this.derived.add(call.operationId);
        await this.sharedCalls(call);
      }
    }
  }

  private method(operationId: string): string {
    return this.check.operation(operationId).method;
  }

  private async sendAndCheck(call: Call, expected: number | null = call.expect): Promise<void> {
    const response = await send(this.t, this.method(call.operationId), call);
    this.check.check(call.operationId, response);
    if (expected !== null && response.status !== expected) this.wrongStatus.push(`${call.operationId}: expected ${expected}, got ${response.status} ${response.text?.slice(0, 300)}`);
  }

  private async sharedCalls(made: Call): Promise<void> {
    // made again as it is: without what was done around the first call
    const call = { ...made, before: undefined, after: undefined };
    const contract = this.contracts.get(call.operationId);
    if (!contract) throw new Error(`no contract of ${call.operationId}`);
    const method = this.method(call.operationId);
    await this.sendAndCheck(hygieneRefusal(call));
    if (contract.callers !== 'public') for (const refusal of sharedRefusals(call, this.t.companies)) await this.sendAndCheck(refusal);
    const lacking = Array.isArray(contract.callers) ? lackingRole(contract.callers) : null;
    if (lacking) await this.sendAndCheck({ ...call, token: undefined, role: lacking, expect: 403 });
    if (contract.body?.mediaType === 'multipart/form-data') {
      await this.sendAndCheck({ ...call, file: { field: 'file', content: Buffer.alloc(UPLOAD_LIMIT + 1), name: 'large.pdf' }, expect: 413 });
    } else if (contract.body) {
      const limit = /\/(import|export)(\/|$)/.test(call.path) ? TRANSFER_LIMIT : JSON_LIMIT;
      const response = await sendOversized(this.t, method, call, limit + 1);
      this.check.check(call.operationId, response);
      if (response.status !== 413) this.wrongStatus.push(`${call.operationId}: expected 413, got ${response.status} ${response.text.slice(0, 200)}`);
    }
    if (contract.idempotent) await this.idempotencyRefusals(call);
  }

  /** 422: a key sent again with another request; 409: a key whose first request ended without an answer. */
  private async idempotencyRefusals(call: Call): Promise<void> {
    const reused = randomUUID();
    await this.sendAndCheck({ ...call, headers: { ...call.headers, 'Idempotency-Key': reused } }, null);
    await this.sendAndCheck({ ...call, query: { ...call.query, another: 'request' }, headers: { ...call.headers, 'Idempotency-Key': reused }, expect: 422 });
    const freed = randomUUID();
    await this.sendAndCheck({ ...call, headers: { ...call.headers, 'Idempotency-Key': freed } }, null);
    // as if the first request were still running, and then failed: its key is freed while the repeat waits
    await this.t.db.query('UPDATE idempotency_key SET status = NULL, body = NULL WHERE key = $1', [freed]);
    const repeat = this.sendAndCheck({ ...call, headers: { ...call.headers, 'Idempotency-Key': freed }, expect: 409 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await this.t.db.query('DELETE FROM idempotency_key WHERE key = $1', [freed]);
    await repeat;
  }
}

/** A staff role holding none of the rights, or null when every role holds one. */
function lackingRole(rights: readonly Right[]): Role | null {
  return LACKING_ORDER.find((role) => !rights.some((right) => effectiveRights([role as Right]).has(right))) ?? null;
}
