import { type DemoContext, type Doc, DEMO_DAY, metaOf } from './context';

export interface DemoTemplate {
  id: string;
  kind: 'mail' | 'sms' | 'notification';
  name: string;
  subject: string;
}

type Spec = readonly [format: string, name: string, role: string | null, subjectEn: string, subjectNl: string, bodyEn: string, bodyNl: string];

const MODERN = 'communication-mail-html-modern-2021';
const RESPONSIVE = 'communication-mail-html-responsive';
const PLAIN = 'communication-mail-text-plain';
const SMS = 'communication-sms-text-plain';
const NOTIFICATION = 'communication-notification-text-plain';

/** Templates in every format, most with an automatic send trigger (role). */
const TEMPLATES: readonly Spec[] = [
  [MODERN, 'Welcome', 'user-registered', 'Welcome to Demo Events', 'Welkom bij Demo Events', '<h1>Welcome {{ user.name.first }}</h1><p>Your account is ready. Top up in the app and pay cashless at every bar.</p>', '<h1>Welkom {{ user.name.first }}</h1><p>Je account is klaar. Waardeer op in de app en betaal cashless aan elke bar.</p>'],
  [MODERN, 'Event ticket', 'event-guest-registered', 'Your ticket for {{ event.name.full }}', 'Je ticket voor {{ event.name.full }}', '<p>Show this QR code at the entrance.</p>', '<p>Laat deze QR-code zien bij de ingang.</p>'],
  [MODERN, 'Company is created', 'company-created', 'Your back office is ready', 'Je backoffice staat klaar', '<p>Sign in to set up your first event.</p>', '<p>Log in om je eerste evenement aan te maken.</p>'],
  [RESPONSIVE, 'Payment receipt', 'payment-completed', 'Receipt for your top-up of {{ payment.amount.euro }}', 'Bon voor je opwaardering van {{ payment.amount.euro }}', '<p>Thank you, your credit has been added.</p>', '<p>Bedankt, je tegoed is bijgeschreven.</p>'],
  [RESPONSIVE, 'Newsletter', null, 'This month at Demo Events', 'Deze maand bij Demo Events', '<p>New events, new bars and the line-up.</p>', '<p>Nieuwe evenementen, nieuwe bars en de line-up.</p>'],
  [RESPONSIVE, 'Leftover credit', 'payment-refund-available', 'Get your leftover credit back', 'Vraag je resterende tegoed terug', '<p>Fill in your bank account number to get your credit back.</p>', '<p>Vul je rekeningnummer in om je tegoed terug te krijgen.</p>'],
  [PLAIN, 'Refund confirmation', 'payment-refunded', 'Your refund is on its way', 'Je terugbetaling is onderweg', 'We have refunded € {{ payment.amount.euro }} of your credit.', 'We hebben € {{ payment.amount.euro }} van je tegoed teruggestort.'],
  [PLAIN, 'Account removal request', 'account-removal-request', 'We received your removal request', 'We hebben je verwijderverzoek ontvangen', 'Your account will be removed within 30 days.', 'Je account wordt binnen 30 dagen verwijderd.'],
  [SMS, 'Event reminder', 'event-reminder', '', '', 'Tomorrow: {{ event.name.full }}. Doors open at 11:00. Top up in the app to skip the queue!', 'Morgen: {{ event.name.full }}. Deuren open om 11:00. Waardeer op in de app en sla de rij over!'],
  [SMS, 'Low balance', 'balance-low', '', '', 'Your balance is € {{ user.balance.euro }}. Top up in the app.', 'Je saldo is € {{ user.balance.euro }}. Waardeer op in de app.'],
  [SMS, 'Verification code', 'mobile-verify', '', '', 'Your verification code is {{ code }}.', 'Je verificatiecode is {{ code }}.'],
  [NOTIFICATION, 'Tag flag notification', 'tag-flag-notification', 'Your tag was flagged', 'Je tag is gemarkeerd', 'Your tag was marked lost. Visit the info stand to get a new one.', 'Je tag is als verloren gemarkeerd. Haal een nieuwe bij de infostand.'],
  [NOTIFICATION, 'Device status update', 'device-status-update', 'Device status changed', 'Apparaatstatus gewijzigd', 'A register went offline.', 'Een kassa is offline gegaan.'],
  [NOTIFICATION, 'Set time', null, 'Your favourite act starts soon', 'Je favoriete act begint zo', 'Head to the main stage, the show starts in 15 minutes.', 'Ga naar het hoofdpodium, de show begint over 15 minuten.'],
  [NOTIFICATION, 'Top-up done', 'payment-completed', 'Top-up received', 'Opwaardering ontvangen', 'Your credit is ready to spend.', 'Je tegoed staat klaar.'],
];

const kindOf = (format: string) => (format.includes('-mail-') ? 'mail' : format.includes('-sms-') ? 'sms' : 'notification');

/** Templates of every format and kind, plus an archived one. */
export function seedTemplates(ctx: DemoContext): DemoTemplate[] {
  const createdAt = ctx.clock.yearStart - 60 * DEMO_DAY;
  const templates = TEMPLATES.map(([format, name, role, subjectEn, subjectNl, bodyEn, bodyNl], index) => {
    const kind = kindOf(format);
    const doc: Doc = {
      format,
      name: { full: name },
      companyRef: { companyId: ctx.companyId },
      content: { en: bodyEn, nl: bodyNl },
      meta: metaOf('template', createdAt + index * 3600, { archived: false }),
    };
    if (role) doc.role = role;
    if (kind !== 'sms') doc.subject = { en: subjectEn, nl: subjectNl };
    if (kind === 'mail' && format !== PLAIN) doc.footer = { en: '<p>Demo Events · Amsterdam</p>', nl: '<p>Demo Events · Amsterdam</p>' };
    if (kind === 'notification') {
      const data = (label: string) => JSON.stringify({ action: { label }, image: null, url: null, urlParts: { kind: 'tab-open', value: 'wallet' } });
      doc.data = { en: data('Open wallet'), nl: data('Open portemonnee') };
    }
    return { id: ctx.add('template', createdAt + index * 3600, doc), kind, name, subject: subjectEn } as DemoTemplate;
  });
  ctx.add('template', createdAt, {
    format: MODERN,
    name: { full: 'Old welcome (2024)' },
    companyRef: { companyId: ctx.companyId },
    subject: { en: 'Welcome!', nl: 'Welkom!' },
    content: { en: '<p>Welcome.</p>', nl: '<p>Welkom.</p>' },
    meta: metaOf('template', createdAt, { archived: true }),
  });
  return templates;
}
