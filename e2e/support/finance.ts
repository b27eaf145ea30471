import { type APIRequestContext, expect } from '@playwright/test';
import { signedInContext } from './api';

export type Doc = Record<string, unknown> & { _id: string };

const now = () => Math.floor(Date.now() / 1000);
const at = (unix: number) => ({ unix, date: new Date(unix * 1000).toISOString() });

/** A valid Dutch IBAN for an account number (mod 97 check digits). */
export function iban(account: number): string {
  const bban = `INGB${String(account).padStart(10, '0')}`;
  const numeric = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `NL${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** Seeds finance data through the API: users (as super), payments and transactions (as finance), products. */
export class FinanceSeed {
  private constructor(private readonly as: Record<string, APIRequestContext>) {}

  static async open(baseURL: string): Promise<FinanceSeed> {
    const contexts: Record<string, APIRequestContext> = {};
    for (const role of ['super', 'finance']) contexts[role] = await signedInContext(role, baseURL);
    return new FinanceSeed(contexts);
  }

  private async create(role: string, model: string, data: Record<string, unknown>): Promise<Doc> {
    const response = await this.as[role].post(`/api/company/model/${model}`, { data });
    expect(response.status(), `create ${model}: ${await response.text()}`).toBe(201);
    return (await response.json()) as Doc;
  }

  user(name: string, account: number): Promise<Doc> {
    const [first, ...rest] = name.split(' ');
    return this.create('super', 'user', {
      email: { value: `${name.toLowerCase().replace(/\W+/g, '.')}@finance-e2e.test` },
      name: { first, last: rest.join(' '), full: name },
      pay: { iban: iban(account), cardholder: name, valid: true },
    });
  }

  payment(userId: string, options: { cents: number; left?: number; type?: string; transactionId?: string; ago?: number }): Promise<Doc> {
    const moment = at(now() - (options.ago ?? 3600));
    const type = options.type ?? 'paynl';
    // the provider's data is written by the payment provider's endpoints; only super admins may set it by hand
    return this.create(type === 'paynl' ? 'super' : 'finance', 'payment', {
      name: { full: `Top-up ${options.cents}` },
      paymentType: type,
      state: { id: 'completed', put: { at: moment } },
      amount: { cents: options.cents },
      amountLeft: { cents: options.left ?? options.cents },
      userRef: { userId },
      ...(type === 'paynl' && { meta: { paynl: { transactionId: options.transactionId ?? `EX-${Math.floor(1000 + Math.random() * 8999)}-0000-${String(Date.now()).slice(-4)}` } } }),
    });
  }

  async product(name: string, cents: number): Promise<Doc> {
    const merchant = await this.create('super', 'merchant', { name: { full: `${name} bar` } });
    return this.create('super', 'product', { nameLocalized: { full: { en: name } }, price: { cents }, type: 'drink', merchantRef: { merchantId: merchant._id } });
  }

  transaction(userId: string, paymentId: string, name: string, products: Doc[], ago = 600): Promise<Doc> {
    const items = products.map((product) => ({ productId: product._id, price: { cents: (product.price as { cents: number }).cents } }));
    return this.create('finance', 'transaction', {
      name: { full: name },
      state: { id: 'paid', put: { at: at(now() - ago) } },
      amount: { cents: items.reduce((sum, item) => sum + item.price.cents, 0) },
      productRef: items,
      paymentRef: [{ paymentId }],
      userRef: { userId },
    });
  }

  async read(model: string, id: string): Promise<Doc> {
    const response = await this.as.super.get(`/api/company/model/${model}/${id}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Doc;
  }

  async dispose(): Promise<void> {
    for (const context of Object.values(this.as)) await context.dispose();
  }
}
