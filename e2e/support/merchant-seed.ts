import { type APIRequestContext, expect } from '@playwright/test';
import { signedInContext } from './api';

type Doc = Record<string, unknown> & { _id: string };

/** Seeds merchants, products, terminals and sales for the merchant specs through the API (bearer token). */
export class MerchantSeed {
  private constructor(private readonly context: APIRequestContext) {}

  static async as(role: string, baseURL: string): Promise<MerchantSeed> {
    return new MerchantSeed(await signedInContext(role, baseURL));
  }

  private async post(path: string, data: unknown): Promise<Doc> {
    const response = await this.context.post(path, { data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as Doc;
  }

  merchant(name: string): Promise<Doc> {
    return this.post('/api/company/merchant', { nameLocalized: { full: { en: name } } });
  }

  product(merchantId: string, name: string, cents: number, extra: Record<string, unknown> = {}): Promise<Doc> {
    return this.post('/api/company/model/product', { nameLocalized: { full: { en: name } }, price: { cents }, type: 'drink', taxPercentage: 0.21, merchantRef: { merchantId }, ...extra });
  }

  terminal(merchantId: string, name: string): Promise<Doc> {
    return this.post('/api/company/model/registerTerminal', { name: { full: name }, merchantRef: { merchantId } });
  }

  /** A paid sale at a moment (unix seconds) of the given items [productId, cents]. */
  sale(merchantId: string, at: number, items: [string, number][], terminalId?: string): Promise<Doc> {
    return this.post('/api/company/model/transaction', {
      name: { full: 'E2E sale' },
      state: { id: 'paid', put: { at: { unix: at } } },
      amount: { cents: items.reduce((sum, [, cents]) => sum + cents, 0) },
      productRef: items.map(([productId, cents]) => ({ productId, price: { cents } })),
      merchantRef: { merchantId },
      ...(terminalId && { registerTerminalRef: { registerTerminalId: terminalId } }),
    });
  }

  async get(path: string): Promise<Doc> {
    const response = await this.context.get(path);
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as Doc;
  }

  async patch(path: string, data: unknown): Promise<void> {
    const response = await this.context.patch(path, { data });
    expect(response.status(), `PATCH ${path}: ${await response.text()}`).toBe(200);
  }

  dispose(): Promise<void> {
    return this.context.dispose();
  }
}
