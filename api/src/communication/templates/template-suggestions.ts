/** A suggested default template: what 'From template' lists and opens in the editor as a preset. */
export interface TemplateSuggestion {
  format: string;
  name: { full: string };
  role?: string;
  subject: { en: string; nl: string };
  content: { en: string; nl: string };
  footer?: { en: string; nl: string };
  data?: { en: string; nl: string };
}

const FOOTER = { en: '<p>{{ company.name }}</p>', nl: '<p>{{ company.name }}</p>' };
const openWallet = (label: string) => JSON.stringify({ action: label, urlParts: { kind: 'tab-open', value: 'wallet' } });

export const TEMPLATE_SUGGESTIONS: readonly TemplateSuggestion[] = [
  {
    format: 'communication-mail-html-modern-2021',
    name: { full: 'Welcome' },
    role: 'user-registered',
    subject: { en: 'Welcome to {{ company.name }}', nl: 'Welkom bij {{ company.name }}' },
    content: {
      en: '<h1>Welcome {{ user.name.first }}</h1>\n<p>Your account is ready. Top up in the app and pay cashless at every bar.</p>',
      nl: '<h1>Welkom {{ user.name.first }}</h1>\n<p>Je account is klaar. Waardeer op in de app en betaal cashless aan elke bar.</p>',
    },
    footer: FOOTER,
  },
  {
    format: 'communication-mail-html-responsive',
    name: { full: 'Newsletter' },
    subject: { en: 'This month at {{ company.name }}', nl: 'Deze maand bij {{ company.name }}' },
    content: { en: '<p>Hi {{ user.name.first }},</p>\n<p>New events, new bars and the line-up.</p>', nl: '<p>Hoi {{ user.name.first }},</p>\n<p>Nieuwe evenementen, nieuwe bars en de line-up.</p>' },
    footer: FOOTER,
  },
  {
    format: 'communication-mail-html-modern-2021',
    name: { full: 'Timeslot close to another' },
    role: 'timeslot-registered-nearby',
    subject: { en: 'Two timeslots close together', nl: 'Twee tijdsloten vlak na elkaar' },
    content: {
      en: '<p>Hi {{ user.name.first }}, you registered for {{ timeslot.name.full }}, which starts within 30 minutes of {{ otherTimeslot.name.full }}. Make sure you can make both.</p>',
      nl: '<p>Hoi {{ user.name.first }}, je schreef je in voor {{ timeslot.name.full }}, dat binnen 30 minuten van {{ otherTimeslot.name.full }} begint. Zorg dat je beide haalt.</p>',
    },
    footer: FOOTER,
  },
  {
    format: 'communication-mail-text-plain',
    name: { full: 'Age verification accepted' },
    role: 'userBirthdayVerifyAccept',
    subject: { en: 'Your age is verified', nl: 'Je leeftijd is geverifieerd' },
    content: { en: 'Hi {{ user.name.first }}, your age is verified. You can now buy age-restricted products.', nl: 'Hoi {{ user.name.first }}, je leeftijd is geverifieerd. Je kunt nu producten met leeftijdsgrens kopen.' },
  },
  {
    format: 'communication-notification-text-plain',
    name: { full: 'Low balance' },
    role: 'balance-low',
    subject: { en: 'Your balance is low', nl: 'Je saldo is laag' },
    content: { en: 'You have € {{ user.balance.euro }} left. Top up in the app.', nl: 'Je hebt nog € {{ user.balance.euro }}. Waardeer op in de app.' },
    data: { en: openWallet('Top up'), nl: openWallet('Opwaarderen') },
  },
  {
    format: 'communication-sms-text-plain',
    name: { full: 'Event reminder' },
    role: 'event-reminder',
    subject: { en: '', nl: '' },
    content: { en: 'Tomorrow: {{ event.name.full }}. Top up in the app to skip the queue!', nl: 'Morgen: {{ event.name.full }}. Waardeer op in de app en sla de rij over!' },
  },
];

/** What previews show for the variables a trigger would pass, so a template reads as it will. */
export const PREVIEW_EXTRAS: Record<string, unknown> = {
  event: { name: { full: 'Summer Festival' } },
  timeslot: { name: { full: 'Workshop 14:00' } },
  otherTimeslot: { name: { full: 'Workshop 14:15' } },
  payment: { amount: { euro: '25.00', cents: 2500 } },
  refund: { iban: 'NL91ABNA0417164300' },
  code: '123456',
};
