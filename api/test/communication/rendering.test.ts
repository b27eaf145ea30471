import 'reflect-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompanyBranding, Recipient, TemplateSource } from '../../src/communication/rendering/render-input';
import { parseTemplateData } from '../../src/communication/rendering/render-input';
import { DEFAULT_LIMITS, RenderPool } from '../../src/communication/rendering/render-pool';
import type { RenderTask } from '../../src/communication/rendering/render-task';
import { type RenderedMessage, RenderingService } from '../../src/communication/rendering/rendering.service';
import { TemplateLanguageError, TemplateLimitError } from '../../src/communication/rendering/template-language';
import { loopDelayDuring } from '../loop/loop-watch';

const rendering = new RenderingService();
afterAll(() => rendering.onApplicationShutdown());
const companyId = '0123456789abcdef0123abcd';
const company: CompanyBranding = { name: 'Summer Events', image: { profile: '/api/image/abc/icon_512', banner: null } };
const anna: Recipient = { userId: '0123456789abcdef01234567', name: { first: 'Anna', last: 'de Vries', full: 'Anna de Vries' }, email: 'anna@example.test', language: 'nl', balanceCents: 1250 };
const john: Recipient = { ...anna, name: { first: 'John', last: 'Smith' }, language: 'en' };

const template = (format: string, texts: Partial<Record<'subject' | 'content' | 'footer' | 'data', Record<string, string>>> = {}): TemplateSource => ({
  format,
  subject: { en: 'Hello {{ user.name.first }}', nl: 'Hallo {{ user.name.first }}' },
  content: { en: '<p>Your balance is € {{ user.balance.euro }}.</p>', nl: '<p>Je saldo is € {{ user.balance.euro }}.</p>' },
  footer: { en: 'Sent by {{ company.name }}', nl: 'Verstuurd door {{ company.name }}' },
  ...texts,
});

const error = async (promise: Promise<unknown>) => promise.then(() => null, (caught: { getStatus(): number; getResponse(): { errors: { field: string; message: string }[] } }) => ({ status: caught.getStatus(), ...caught.getResponse() }));

describe('rendering each format in both languages', () => {
  for (const format of ['communication-mail-html-modern-2021', 'communication-mail-html-responsive']) {
    it(`${format}: responsive HTML mail from MJML with a plain-text alternative, in the recipient's language`, async () => {
      const nl = await rendering.render(companyId, template(format), anna, company);
      expect(nl.subject).toBe('Hallo Anna');
      expect(nl.html).toMatch(/^<!doctype html>/i);
      expect(nl.html).toContain('@media'); // MJML's responsive columns
      expect(nl.html).toContain('Je saldo is € 12.50.');
      expect(nl.html).toContain('<title>Hallo Anna</title>');
      expect(nl.rendered).toMatchObject({ kind: 'mail', language: 'nl', text: 'Je saldo is € 12.50.\n\nVerstuurd door Summer Events' });
      const en = await rendering.render(companyId, template(format), john, company);
      expect(en.subject).toBe('Hello John');
      expect(en.rendered.text).toBe('Your balance is € 12.50.\n\nSent by Summer Events');
    });
  }

  it('plain-text mail, SMS and notification render text; the notification carries its data', async () => {
    const mail = await rendering.render(companyId, template('communication-mail-text-plain', { content: { en: 'Hi {{ user.name.full }}' } }), john, company);
    expect(mail.rendered).toMatchObject({ kind: 'mail', subject: 'Hello John', text: 'Hi John Smith\n\nSent by Summer Events' });
    expect(mail.html).toContain('<pre');
    const sms = await rendering.render(companyId, template('communication-sms-text-plain', { content: { en: 'Hi {{ user.name.first }}', nl: 'Hoi {{ user.name.first }}' } }), anna, company);
    expect(sms.rendered).toMatchObject({ kind: 'sms', subject: '', text: 'Hoi Anna' });
    const data = { en: JSON.stringify({ action: 'Open', url: 'https://example.test', urlParts: { kind: 'event-open', value: 'abc' } }) };
    const push = await rendering.render(companyId, template('communication-notification-text-plain', { content: { en: '{{ event.name }} starts soon' }, data }), john, company, { event: { name: 'Opening night' } });
    expect(push.rendered).toMatchObject({ kind: 'notification', subject: 'Hello John', text: 'Opening night starts soon', data: { action: 'Open', url: 'https://example.test', urlParts: { kind: 'event-open', value: 'abc' } } });
  });

  it('falls back to English when the recipient has no language or the template no Dutch', async () => {
    const noDutch = template('communication-mail-text-plain', { subject: { en: 'Hi' }, content: { en: 'English only' } });
    expect((await rendering.render(companyId, noDutch, anna, company)).rendered).toMatchObject({ language: 'en', text: expect.stringContaining('English only') });
    expect((await rendering.render(companyId, template('communication-mail-text-plain'), { ...anna, language: null }, company)).subject).toBe('Hello Anna');
  });

  it('renders an unknown variable empty and escapes what variables hold in HTML', async () => {
    const result = await rendering.render(companyId, template('communication-mail-html-modern-2021', { content: { en: '<p>[{{ nothing.here }}] {{ user.name.first }}</p>' } }), { ...john, name: { first: '<b>J</b>' } }, company);
    expect(result.html).toContain('[] &lt;b&gt;J&lt;/b&gt;');
  });

  it('answers a syntax error with a 400 naming the field and the line', async () => {
    const broken = template('communication-mail-html-modern-2021', { content: { en: '<p>one</p>\n<p>two</p>\n{% if user.name.first %}never closed' } });
    const answer = await error(rendering.render(companyId, broken, john, company));
    expect(answer).toMatchObject({ status: 400, errors: [{ field: 'content.en', message: expect.stringMatching(/^content\.en line 3: /) }] });
    const unknownFilter = await error(rendering.render(companyId, template('communication-sms-text-plain', { content: { en: 'x\n{{ user | evil }}' } }), john, company));
    expect(unknownFilter).toMatchObject({ status: 400, errors: [{ field: 'content.en', message: expect.stringContaining('line 2') }] });
  });

  it('cannot reach code, prototypes or files, and stops a template that loops forever', async () => {
    const reach = template('communication-sms-text-plain', { content: { en: '[{{ user.constructor }}][{{ user.__proto__ }}][{{ user.name.first.constructor.name }}][{{ "x" | append: user.toString }}]' } });
    expect((await rendering.render(companyId, reach, john, company)).rendered.text).toBe('[][][][x]');
    const include = await error(rendering.render(companyId, template('communication-sms-text-plain', { content: { en: "{% include '/etc/passwd' %}" } }), john, company));
    expect(include?.status).toBe(400);
    const forever = template('communication-sms-text-plain', { content: { en: '{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}' } });
    const started = Date.now();
    expect((await error(rendering.render(companyId, forever, john, company)))?.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(5000);
    const doubling = template('communication-sms-text-plain', { content: { en: '{% assign s = "xx" %}{% for i in (1..64) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}' } });
    expect((await error(rendering.render(companyId, doubling, john, company)))?.status).toBe(400);
  });

  it('reads unparsable stored data as empty data', () => {
    expect(parseTemplateData('{not json')).toEqual({});
    expect(parseTemplateData('[1,2]')).toEqual({});
    expect(parseTemplateData(JSON.stringify({ action: { label: 'Go' }, urlParts: { kind: 'unknown-kind' } }))).toEqual({ action: 'Go' });
  });
});

/** 9 million empty loop steps: LiquidJS's render time limit stops it at 1 s, before its memory limit */
const SLOW = '{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}';
const caught = (promise: Promise<unknown>) => promise.then(() => null, (thrown: unknown) => thrown);

describe('limits of a render', () => {
  it('a field that runs into its time limit stops at 1 s, named in the 400, while the request loop stays free', async () => {
    const { result: answer, max, ownMax } = await loopDelayDuring(() => error(rendering.render(companyId, template('communication-mail-html-modern-2021', { content: { en: `<p>Hi</p>${SLOW}` } }), john, company)));
    expect(answer).toMatchObject({ status: 400, errors: [{ field: 'content.en', message: 'content.en line 1: stopped after 1 s, the render time limit per field' }] });
    // rendered on this loop, the second would have held it for the whole second (less any wait for a CPU: loop-watch.ts)
    expect(ownMax, `event-loop delay max ${max.toFixed(0)} ms`).toBeLessThan(200);
  });

  it('a limit is a TemplateLimitError (memory, output size); a template that is wrong is not', async () => {
    const renderSms = (content: string) => caught(rendering.renderMessage(companyId, template('communication-sms-text-plain', { content: { en: content } }), john, company));
    const doubling = await renderSms('{% assign s = "xx" %}{% for i in (1..64) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}');
    expect(doubling).toBeInstanceOf(TemplateLimitError);
    expect((doubling as TemplateLimitError).errors).toEqual([{ field: 'content.en', message: 'content.en line 1: stopped at 10 MB, the memory limit per field' }]);
    const long = await renderSms(`{% for i in (1..1001) %}${'x'.repeat(1000)}{% endfor %}`);
    expect(long).toBeInstanceOf(TemplateLimitError);
    expect((long as TemplateLimitError).message).toBe('content.en: renders more than 1 million characters, the output limit per field');
    const wrong = await renderSms('{% if %}');
    expect(wrong).toBeInstanceOf(TemplateLanguageError);
    expect(wrong).not.toBeInstanceOf(TemplateLimitError);
  });
});

describe('rendering for many recipients', () => {
  it('answers each message in order; one recipient whose data runs the template into a limit stops it for all', async () => {
    const loops = template('communication-sms-text-plain', { content: { en: '{% for a in (1..user.balance.cents) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}Hi {{ user.name.first }}' } });
    const few = [{ ...john, balanceCents: 1 }, { ...john, name: { first: 'Bo' }, balanceCents: 2 }];
    const messages = await rendering.renderMessages(companyId, loops, few, company);
    expect(messages.map((message) => (message as RenderedMessage).text)).toEqual(['Hi John', 'Hi Bo']);
    const stopped = await caught(rendering.renderMessages(companyId, loops, [...few, { ...john, balanceCents: 3000 }], company));
    expect(stopped).toBeInstanceOf(TemplateLimitError);
    expect((stopped as TemplateLimitError).message).toBe('content.en line 1: stopped after 1 s, the render time limit per field');
  });
});

describe('the pool of render threads', () => {
  const task = (content: string): RenderTask => ({ format: 'communication-sms-text-plain', kind: 'sms', language: 'en', texts: { content }, scope: {}, company });
  const renderOne = async (pool: RenderPool, company: string, content: string) => {
    const [result] = await pool.renderAll(company, [task(content)]);
    if (result instanceof Error) throw result;
    return result;
  };

  it('ends the thread of a message past its hard time limit, and renders the next one', async () => {
    const pool = new RenderPool({ ...DEFAULT_LIMITS, messageMs: 300 });
    try {
      const stopped = await caught(renderOne(pool, companyId, SLOW));
      // LiquidJS's own limit would have let it run for a second and named the field
      expect(stopped).toBeInstanceOf(TemplateLimitError);
      expect((stopped as Error).message).toBe('a message stopped after 0.3 s, the render time limit per message');
      expect((await renderOne(pool, companyId, 'still {{ "here" }}')).text).toBe('still here');
    } finally {
      await pool.close();
    }
  });

  it("ends a thread that runs out of its heap, and renders the next one", async () => {
    // time limits far off: on a slow machine the heap must still be what stops it
    const pool = new RenderPool({ ...DEFAULT_LIMITS, heapMb: 32, fieldMs: 60_000, messageMs: 60_000 });
    // three arrays of 2 million strings stay within LiquidJS's count of 10 MB, not within 32 MB of heap
    const arrays = '{% assign s = "xxxxxxxx" %}{% for i in (1..18) %}{% assign s = s | append: s %}{% endfor %}{% assign a = s | split: "" %}{% assign b = s | split: "" %}{% assign c = s | split: "" %}{{ a.size }}';
    try {
      const stopped = await caught(renderOne(pool, companyId, arrays));
      expect(stopped).toBeInstanceOf(TemplateLimitError);
      expect((stopped as Error).message).toBe('a message stopped at 32 MB, the memory limit of a render');
      expect((await renderOne(pool, companyId, 'still {{ "here" }}')).text).toBe('still here');
    } finally {
      await pool.close();
    }
  });

  it("gives one company at most half the threads: another company's message does not wait behind its queue", async () => {
    const pool = new RenderPool({ ...DEFAULT_LIMITS, threads: 2 });
    const finished: string[] = [];
    const slow = (who: string, company: string) => caught(renderOne(pool, company, SLOW)).then(() => finished.push(who));
    try {
      // both threads started
      await Promise.all([renderOne(pool, 'company-c', 'warm'), renderOne(pool, 'company-d', 'warm')]);
      await Promise.all([slow('a1', 'company-a'), slow('a2', 'company-a'), slow('a3', 'company-a'), slow('b1', 'company-b')]);
      // a1 and b1 run side by side on the two threads; a2 and a3 wait for a1's thread, one after the other
      expect(finished.indexOf('b1')).toBeLessThan(2);
      expect(finished.slice(2)).toEqual(['a2', 'a3']);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 to the renders still running or waiting when it closes', async () => {
    const pool = new RenderPool(DEFAULT_LIMITS);
    const running = caught(renderOne(pool, companyId, SLOW));
    const waiting = caught(renderOne(pool, companyId, SLOW));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    for (const answer of await Promise.all([running, waiting])) expect(answer).toMatchObject({ status: 503 });
  });
});
