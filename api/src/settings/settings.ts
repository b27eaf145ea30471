import { DEFAULT_WORK_MEM, WORK_MEM_PATTERN } from '../database/database';
import { boolean, httpUrl, integer, postgresUrl, secret, type SettingKind, text } from './setting-kinds';

/** One environment variable the product reads; `.env.example` is written from this list. */
export interface Setting {
  name: string;
  section: string;
  kind: SettingKind<unknown>;
  /** the text used when the variable is unset (a function when it follows from other variables) */
  default?: string | ((env: NodeJS.ProcessEnv) => string | undefined);
  description: string;
  /** production refuses to start without it */
  requiredInProduction?: boolean;
  /** a value production refuses, with the reason */
  refusedInProduction?: { value: unknown; reason: string };
}

const PROVIDER_SECRET = secret(16);
/** A tile source: http(s) with the {z}, {x} and {y} a tile server is asked by, or `none`. */
const MAP_TILES_PATTERN = /^(none|https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*)$/;
const positiveMs = integer(1, 3_600_000);

export const SETTINGS: readonly Setting[] = [
  // the product
  { name: 'NODE_ENV', section: 'Product', kind: text(), description: '"production" runs the product: a PostgreSQL server, no demo data, no fakes, every setting checked at start. Anything else is the demo.' },
  { name: 'PORT', section: 'Product', kind: integer(1, 65_535), default: '3000', description: 'Port of the API and the admin (one origin).' },
  { name: 'PUBLIC_URL', section: 'Product', kind: httpUrl, requiredInProduction: true, description: 'The address people and providers reach the product at (https://backoffice.example.com); mail links and images point there.' },
  { name: 'DATABASE_URL', section: 'Product', kind: postgresUrl, requiredInProduction: true, description: 'The PostgreSQL server (15 or newer). Unset in the demo: the embedded database in DATA_DIR.' },
  { name: 'DATABASE_SCHEMA', section: 'Product', kind: text({ pattern: /^[a-z_][a-z0-9_]{0,62}$/, patternDescription: 'a lower-case SQL name' }), description: 'PostgreSQL schema to use, created when missing (tests use one per test file).' },
  { name: 'DATA_DIR', section: 'Product', kind: text(), default: 'data/pglite', description: 'Folder of the embedded database (demo only; ignored when DATABASE_URL is set).' },
  { name: 'SEED_DEMO', section: 'Product', kind: boolean, default: (env) => (env.NODE_ENV === 'production' ? 'false' : 'true'), refusedInProduction: { value: true, reason: 'production never seeds demo data' }, description: 'Seed demo data on an empty database (demo only).' },
  { name: 'ADMIN_DIR', section: 'Product', kind: text(), description: 'Folder of the built admin that the API serves (default admin/dist).' },
  { name: 'SESSION_DAYS', section: 'Product', kind: integer(1, 365), default: '14', description: 'How long a sign-in lasts, in days.' },
  { name: 'SECURE_COOKIES', section: 'Product', kind: boolean, default: (env) => String(/^https:/i.test(env.PUBLIC_URL ?? '')), description: 'Mark the session cookie Secure (default: on when PUBLIC_URL is https).' },
  { name: 'TRUST_PROXY', section: 'Product', kind: text(), description: 'Express "trust proxy": which proxies may name the client in X-Forwarded-For (1 = one hop, or addresses such as "loopback, 10.0.0.0/8"). Unset trusts none. Sign-in throttling goes by this address.' },
  { name: 'REQUEST_LOG', section: 'Product', kind: boolean, default: 'true', description: 'One JSON line per request on stdout (id, method, route, status, ms; never query strings or bodies).' },
  { name: 'METRICS_TOKEN', section: 'Product', kind: secret(24), description: 'Serves Prometheus metrics at /api/metrics to "Authorization: Bearer <token>". Unset: no metrics endpoint.' },
  { name: 'MAP_TILE_URL', section: 'Product', kind: text({ pattern: MAP_TILES_PATTERN, patternDescription: 'a tile URL template with {z}, {x} and {y} (https://…/{z}/{x}/{y}.png), or none' }), default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', description: "The admin's map tiles where a company sets none (its profile's Map tile URL): a tile URL template, or none for maps without tiles (tests, machines without internet). OpenStreetMap's tiles ask for light use and their attribution, which the map shows." },
  { name: 'BLOCKS_EDITOR_URL', section: 'Product', kind: httpUrl, description: "The external content editor the dashboard's 'Go to blocks editor' opens; the button is hidden when unset." },
  // the database and the processes
  { name: 'STATEMENT_TIMEOUT_MS', section: 'Database and processes', kind: integer(0, 3_600_000), default: '15000', description: 'PostgreSQL server: a statement running longer is stopped and the request answers 503 (0: no limit).' },
  { name: 'WORK_MEM', section: 'Database and processes', kind: text({ pattern: WORK_MEM_PATTERN, patternDescription: 'an amount such as 16MB or 65536kB' }), default: DEFAULT_WORK_MEM, description: "PostgreSQL's work_mem for the app's statements." },
  { name: 'NAMED_STATEMENTS', section: 'Database and processes', kind: boolean, default: 'true', description: 'Keep the few fixed statements of every request prepared per connection; false behind a pooler that cannot track them.' },
  { name: 'WORKERS', section: 'Database and processes', kind: integer(1, 64), default: '1', description: 'API processes sharing the port (needs DATABASE_URL).' },
  { name: 'BATCH_WORKER', section: 'Database and processes', kind: boolean, default: 'true', description: 'Run the batch sender inside the API process; false on API processes when `npm run worker` runs it.' },
  { name: 'BATCH_WORKER_CONCURRENCY', section: 'Database and processes', kind: integer(1, 16), default: (env) => (env.DATABASE_URL ? '2' : '1'), description: 'Chunks one batch worker sends at the same time (default 1 embedded, 2 on PostgreSQL).' },
  { name: 'WEBHOOK_KEEP_DAYS', section: 'Database and processes', kind: integer(1, 3650), default: '30', description: 'Days the webhook delivery log keeps a delivery once it is delivered or has failed for good.' },
  { name: 'TRIGGER_POLL_MS', section: 'Database and processes', kind: integer(100, 3_600_000), default: '5000', description: 'How often automatic-send checks (template triggers) are looked for.' },
  // outside services
  { name: 'OUTSIDE_TIMEOUT_MS', section: 'Outside services', kind: positiveMs, default: '10000', description: 'Timeout of each call to an outside service but pay.nl, in milliseconds.' },
  { name: 'PAYNL_ENABLED', section: 'pay.nl (payments and refunds)', kind: boolean, default: 'true', description: 'false switches payments and refunds through pay.nl off.' },
  { name: 'PAYNL_URL', section: 'pay.nl (payments and refunds)', kind: httpUrl, default: 'https://rest.pay.nl', description: 'pay.nl REST API base (https://rest.pay.nl). Unset in the demo: a local fake.' },
  { name: 'PAYNL_AT_CODE', section: 'pay.nl (payments and refunds)', kind: text({ pattern: /^AT-\d{4}-\d{4}$/, patternDescription: 'an AT-code such as AT-1234-5678' }), description: 'pay.nl AT-code, the Basic auth user name.' },
  { name: 'PAYNL_API_TOKEN', section: 'pay.nl (payments and refunds)', kind: PROVIDER_SECRET, description: 'pay.nl API token, the Basic auth password.' },
  { name: 'PAYNL_TIMEOUT_MS', section: 'pay.nl (payments and refunds)', kind: positiveMs, default: '15000', description: 'How long one pay.nl call may take.' },
  { name: 'SEPA_E2E_PREFIX', section: 'Refund bank files', kind: text({ pattern: /^[A-Za-z0-9]{1,6}$/, patternDescription: '1 to 6 letters or digits' }), default: 'RF', description: 'Prefix of the end-to-end id of every refund transfer.' },
  { name: 'SEPA_REMITTANCE', section: 'Refund bank files', kind: text({ maxLength: 140 }), default: 'Refund of leftover credit', description: 'Remittance text of every refund transfer.' },
  { name: 'MONEYBIRD_ENABLED', section: 'Moneybird (accounting invoices)', kind: boolean, default: 'true', description: 'false switches the accounting invoice export off.' },
  { name: 'MONEYBIRD_URL', section: 'Moneybird (accounting invoices)', kind: httpUrl, default: 'https://moneybird.com/api/v2', description: 'Moneybird API v2 base (https://moneybird.com/api/v2). Unset in the demo: a local fake.' },
  { name: 'MONEYBIRD_TOKEN', section: 'Moneybird (accounting invoices)', kind: PROVIDER_SECRET, description: 'Moneybird API token (bearer).' },
  { name: 'MONEYBIRD_ADMINISTRATION_ID', section: 'Moneybird (accounting invoices)', kind: text({ pattern: /^\d{1,30}$/, patternDescription: 'a Moneybird id (digits)' }), description: 'The administration sales invoices go to.' },
  { name: 'MONEYBIRD_PLACEHOLDER_PRODUCT_ID', section: 'Moneybird (accounting invoices)', kind: text({ pattern: /^\d{1,30}$/, patternDescription: 'a Moneybird id (digits)' }), description: 'The fixed product every invoice line names.' },
  { name: 'MONEYBIRD_LEDGER_ACCOUNT_ID', section: 'Moneybird (accounting invoices)', kind: text({ pattern: /^\d{1,30}$/, patternDescription: 'a Moneybird id (digits)' }), description: 'The fixed ledger account every invoice line books on.' },
  { name: 'LOCKER_COMPANY_ENABLED', section: 'Locker company', kind: boolean, default: 'true', description: "false switches the locker company's products off." },
  { name: 'LOCKER_COMPANY_URL', section: 'Locker company', kind: httpUrl, description: "The locker company's REST API base. Unset in the demo: a local fake." },
  { name: 'LOCKER_COMPANY_TOKEN', section: 'Locker company', kind: PROVIDER_SECRET, description: "The locker company's API token (bearer)." },
  { name: 'AI_IMAGE_ENABLED', section: 'Image suggestions', kind: boolean, default: 'true', description: 'false switches image suggestions off.' },
  { name: 'AI_IMAGE_URL', section: 'Image suggestions', kind: httpUrl, description: 'Image suggestion service base (POST /v1/images answers PNG bytes). Unset in the demo: a local fake.' },
  { name: 'AI_IMAGE_TOKEN', section: 'Image suggestions', kind: PROVIDER_SECRET, description: 'Optional bearer token of the image suggestion service.' },
  { name: 'MAILGUN_ENABLED', section: 'Mailgun (mail)', kind: boolean, default: 'true', description: 'false switches sending mail off.' },
  { name: 'MAILGUN_URL', section: 'Mailgun (mail)', kind: httpUrl, default: 'https://api.eu.mailgun.net/v3', description: 'Mailgun API base (https://api.eu.mailgun.net/v3 or https://api.mailgun.net/v3). Unset in the demo: a local fake.' },
  { name: 'MAILGUN_DOMAIN', section: 'Mailgun (mail)', kind: text({ pattern: /^[a-z0-9.-]+\.[a-z]{2,}$/i, patternDescription: 'a domain name such as mg.example.com' }), description: 'The sending domain.' },
  { name: 'MAILGUN_API_KEY', section: 'Mailgun (mail)', kind: PROVIDER_SECRET, description: 'Mailgun API key (HTTP Basic, user "api").' },
  { name: 'MAILGUN_FROM', section: 'Mailgun (mail)', kind: text({ maxLength: 200 }), description: 'From address of every mail, e.g. "Events <noreply@mg.example.com>".' },
  { name: 'MAILGUN_WEBHOOK_SIGNING_KEY', section: 'Mailgun (mail)', kind: PROVIDER_SECRET, description: "Key of Mailgun's webhook signatures; point Mailgun's webhooks at /api/communication/mail/webhook." },
  { name: 'MAILGUN_SETTLE_WINDOW_MS', section: 'Mailgun (mail)', kind: integer(0, 86_400_000), default: '1800000', description: "How long after a hand-off that got no answer Mailgun's events are trusted to be complete (its event polling guide: about half an hour); until then the mail is neither sent again nor marked." },
  { name: 'SMS_ENABLED', section: 'SMS (MessageBird)', kind: boolean, default: 'true', description: 'false switches sending SMS off.' },
  { name: 'SMS_URL', section: 'SMS (MessageBird)', kind: httpUrl, default: 'https://rest.messagebird.com', description: 'SMS provider (MessageBird REST) base. Unset in the demo: a local fake.' },
  { name: 'SMS_ACCESS_KEY', section: 'SMS (MessageBird)', kind: PROVIDER_SECRET, description: 'SMS provider access key.' },
  { name: 'SMS_ORIGINATOR', section: 'SMS (MessageBird)', kind: text({ pattern: /^(\+?\d{1,16}|[A-Za-z0-9 ]{1,11})$/, patternDescription: 'a number with country code or at most 11 letters' }), default: (env) => (env.NODE_ENV === 'production' ? undefined : 'Events'), description: 'Sender of text messages.' },
  { name: 'SMS_WEBHOOK_SIGNING_KEY', section: 'SMS (MessageBird)', kind: PROVIDER_SECRET, description: "The SMS provider's signing key of delivery reports." },
  { name: 'SMS_WEBHOOK_URL', section: 'SMS (MessageBird)', kind: httpUrl, description: 'The delivery report URL as set at the provider (https://<host>/api/communication/sms/webhook): the signature covers it.' },
  { name: 'SMS_SETTLE_WINDOW_MS', section: 'SMS (MessageBird)', kind: integer(0, 86_400_000), default: '1800000', description: "How long after a hand-off that got no answer MessageBird's list of messages is trusted to be complete." },
  { name: 'EXPO_PUSH_ENABLED', section: 'Expo (push notifications)', kind: boolean, default: 'true', description: 'false switches push notifications off.' },
  { name: 'EXPO_PUSH_URL', section: 'Expo (push notifications)', kind: httpUrl, default: 'https://exp.host/--/api/v2/push', description: 'Expo push API base. Unset in the demo: a local fake.' },
  { name: 'EXPO_ACCESS_TOKEN', section: 'Expo (push notifications)', kind: PROVIDER_SECRET, description: 'Optional Expo access token (bearer).' },
  { name: 'EXPO_RECEIPT_DELAY_MS', section: 'Expo (push notifications)', kind: integer(0, 86_400_000), default: '900000', description: "When push receipts are read after sending (Expo's 15 minutes)." },
];

export const settingNamed = (name: string) => SETTINGS.find((setting) => setting.name === name);
