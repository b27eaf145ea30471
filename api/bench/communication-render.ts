import 'reflect-metadata';
import type { Recipient } from '../src/communication/rendering/render-input';
import { RenderingService } from '../src/communication/rendering/rendering.service';
import { TEMPLATE_SUGGESTIONS } from '../src/communication/templates/template-suggestions';

/**
 * Renders 10 000 personalised Email - Modern messages (the 'Welcome' suggestion plus the recipient's balance)
 * in lists of 1 000, as a batch renders its chunks (one render thread at a time), and prints messages per second.
 * Target: at least 2 000 per second. Run: `npm run bench:render`.
 */
const COUNT = Number(process.env.BENCH_RENDER_COUNT ?? 10_000);
const CHUNK = 1000;
const COMPANY_ID = '0123456789abcdef01234568';

async function main(): Promise<void> {
  const rendering = new RenderingService();
  const welcome = TEMPLATE_SUGGESTIONS.find((suggestion) => suggestion.format === 'communication-mail-html-modern-2021')!;
  const template = { ...welcome, content: { en: `${welcome.content.en}\n<p>Your balance: € {{ user.balance.euro }}</p>`, nl: `${welcome.content.nl}\n<p>Je saldo: € {{ user.balance.euro }}</p>` } };
  const company = { name: 'Demo Events', image: { profile: '/api/image/0123456789abcdef01234567/icon_512', banner: null } };
  const recipients: Recipient[] = Array.from({ length: COUNT }, (_, index) => ({
    userId: index.toString(16).padStart(24, '0'),
    name: { first: `First${index}`, last: `Last${index}`, full: `First${index} Last${index}` },
    email: `user${index}@example.test`,
    language: index % 3 === 0 ? 'nl' : 'en',
    balanceCents: index * 7,
  }));
  // the first message compiles the MJML layout and parses the template (once per template and company)
  const first = process.hrtime.bigint();
  await rendering.renderMessage(COMPANY_ID, template, recipients[0], company);
  const warmMs = Number(process.hrtime.bigint() - first) / 1e6;
  const started = process.hrtime.bigint();
  let bytes = 0;
  for (let from = 0; from < COUNT; from += CHUNK) {
    for (const message of await rendering.renderMessages(COMPANY_ID, template, recipients.slice(from, from + CHUNK), company)) {
      if (message instanceof Error) throw message;
      bytes += message.html.length + message.text.length;
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await rendering.onApplicationShutdown();
  console.log(`rendered ${COUNT} personalised Email - Modern messages in ${seconds.toFixed(2)} s: ${Math.round(COUNT / seconds)} per second (${(bytes / COUNT / 1024).toFixed(1)} kB HTML + text each); first message (MJML compile) ${warmMs.toFixed(0)} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
