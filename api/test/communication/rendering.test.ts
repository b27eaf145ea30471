import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { CompanyBranding, Recipient, TemplateSource } from '../../src/communication/rendering/render-input';
import { parseTemplateData } from '../../src/communication/rendering/render-input';
import { RenderingService } from '../../src/communication/rendering/rendering.service';

const rendering = new RenderingService();
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
      const nl = await rendering.render(template(format), anna, company);
      expect(nl.subject).toBe('Hallo Anna');
      expect(nl.html).toMatch(/^<!doctype html>/i);
      expect(nl.html).toContain('@media'); // MJML's responsive columns
      expect(nl.html).toContain('Je saldo is € 12.50.');
      expect(nl.html).toContain('<title>Hallo Anna</title>');
      expect(nl.rendered).toMatchObject({ kind: 'mail', language: 'nl', text: 'Je saldo is € 12.50.\n\nVerstuurd door Summer Events' });
      const en = await rendering.render(template(format), john, company);
      expect(en.subject).toBe('Hello John');
      expect(en.rendered.text).toBe('Your balance is € 12.50.\n\nSent by Summer Events');
    });
  }

  it('plain-text mail, SMS and notification render text; the notification carries its data', async () => {
    const mail = await rendering.render(template('communication-mail-text-plain', { content: { en: 'Hi {{ user.name.full }}' } }), john, company);
    expect(mail.rendered).toMatchObject({ kind: 'mail', subject: 'Hello John', text: 'Hi John Smith\n\nSent by Summer Events' });
    expect(mail.html).toContain('<pre');
    const sms = await rendering.render(template('communication-sms-text-plain', { content: { en: 'Hi {{ user.name.first }}', nl: 'Hoi {{ user.name.first }}' } }), anna, company);
    expect(sms.rendered).toMatchObject({ kind: 'sms', subject: '', text: 'Hoi Anna' });
    const data = { en: JSON.stringify({ action: 'Open', url: 'https://example.test', urlParts: { kind: 'event-open', value: 'abc' } }) };
    const push = await rendering.render(template('communication-notification-text-plain', { content: { en: '{{ event.name }} starts soon' }, data }), john, company, { event: { name: 'Opening night' } });
    expect(push.rendered).toMatchObject({ kind: 'notification', subject: 'Hello John', text: 'Opening night starts soon', data: { action: 'Open', url: 'https://example.test', urlParts: { kind: 'event-open', value: 'abc' } } });
  });

  it('falls back to English when the recipient has no language or the template no Dutch', async () => {
    const noDutch = template('communication-mail-text-plain', { subject: { en: 'Hi' }, content: { en: 'English only' } });
    expect((await rendering.render(noDutch, anna, company)).rendered).toMatchObject({ language: 'en', text: expect.stringContaining('English only') });
    expect((await rendering.render(template('communication-mail-text-plain'), { ...anna, language: null }, company)).subject).toBe('Hello Anna');
  });

  it('renders an unknown variable empty and escapes what variables hold in HTML', async () => {
    const result = await rendering.render(template('communication-mail-html-modern-2021', { content: { en: '<p>[{{ nothing.here }}] {{ user.name.first }}</p>' } }), { ...john, name: { first: '<b>J</b>' } }, company);
    expect(result.html).toContain('[] &lt;b&gt;J&lt;/b&gt;');
  });

  it('answers a syntax error with a 400 naming the field and the line', async () => {
    const broken = template('communication-mail-html-modern-2021', { content: { en: '<p>one</p>\n<p>two</p>\n{% if user.name.first %}never closed' } });
    const answer = await error(rendering.render(broken, john, company));
    expect(answer).toMatchObject({ status: 400, errors: [{ field: 'content.en', message: expect.stringMatching(/^content\.en line 3: /) }] });
    const unknownFilter = await error(rendering.render(template('communication-sms-text-plain', { content: { en: 'x\n{{ user | evil }}' } }), john, company));
    expect(unknownFilter).toMatchObject({ status: 400, errors: [{ field: 'content.en', message: expect.stringContaining('line 2') }] });
  });

  it('cannot reach code, prototypes or files, and stops a template that loops forever', async () => {
    const reach = template('communication-sms-text-plain', { content: { en: '[{{ user.constructor }}][{{ user.__proto__ }}][{{ user.name.first.constructor.name }}][{{ "x" | append: user.toString }}]' } });
    expect((await rendering.render(reach, john, company)).rendered.text).toBe('[][][][x]');
    const include = await error(rendering.render(template('communication-sms-text-plain', { content: { en: "{% include '/etc/passwd' %}" } }), john, company));
    expect(include?.status).toBe(400);
    const forever = template('communication-sms-text-plain', { content: { en: '{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}' } });
    const started = Date.now();
    expect((await error(rendering.render(forever, john, company)))?.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(5000);
    const doubling = template('communication-sms-text-plain', { content: { en: '{% assign s = "xx" %}{% for i in (1..64) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}' } });
    expect((await error(rendering.render(doubling, john, company)))?.status).toBe(400);
  });

  it('reads unparsable stored data as empty data', () => {
    expect(parseTemplateData('{not json')).toEqual({});
    expect(parseTemplateData('[1,2]')).toEqual({});
    expect(parseTemplateData(JSON.stringify({ action: { label: 'Go' }, urlParts: { kind: 'unknown-kind' } }))).toEqual({ action: 'Go' });
  });
});
