import { access, ANY_ADMIN, defineResource, f, metaFields, refList } from '../define';
import type { FieldDef, Right } from '../types';

/** Admin lists of part 2 section 3: each entry `{ userId, user? }`; the admin screen saves them (company admins). */
export const ADMIN_LISTS = {
  adminCompanyRef: 'company',
  adminApplicationRef: 'application',
  adminMerchantRef: 'merchant',
  adminFinanceRef: 'finance',
  adminUserRef: 'user',
  adminEventRef: 'event',
  adminFinanceNonRefundableRef: 'financeNonRefundable',
} as const;

export const CUP_RETOUR_POLICIES = ['company-cup-credit', 'transaction-cup-credit', 'max-5-per-order'] as const;

/** The lists of people of the company: edited on the admin screen (/company/admin), not on the profile form. */
const PEOPLE_LISTS = [...Object.keys(ADMIN_LISTS), 'userBlockedRef'];

const adminLists: FieldDef[] = PEOPLE_LISTS.map((path) =>
  refList(path, 'user', { label: path, writeRights: ['company'], guards: 'rights' }));

const companyOnly = { readRights: ['company'], writeRights: ['company'] } as const;
const flag = (path: string, label: string, options = {}) => f.boolean(`${path}.active`, { label, ...options });

/**
 * Settings of part 2 section 3, written from the General and App settings tabs; superSettings is super only.
 * Other admins read only the settings their own screens need (currency for finance and exports, languages for the
 * event wizard, the user settings for the user screen); the rest is read by company admins alone.
 */
const settings: FieldDef[] = [
  f.text('settings.payment.currencySymbol', { label: 'Currency symbol', default: '€' }),
  // totals are divided by it for the Token Total export column, so it must be above 0
  f.number('settings.payment.currencyExchangeRate', { label: 'Currency exchange rate', min: 0.0001 }),
  f.enum('settings.payment.cupRetourPolicy', CUP_RETOUR_POLICIES, {
    label: 'Cup return policy',
    choiceLabels: { 'company-cup-credit': 'Company cup credit (recommended)', 'transaction-cup-credit': 'Transaction cup credit', 'max-5-per-order': 'Max 5 per order' },
  }),
  f.text('settings.moneybird.contactId', { label: 'Accounting contact id', ...companyOnly }),
  f.text('settings.moneybird.workflowId', { label: 'Accounting workflow id', ...companyOnly }),
  // the debtor account of SEPA refund files
  f.text('settings.bank.debtorName', { label: 'Debtor name', ...companyOnly }),
  f.text('settings.bank.debtorIban', { label: 'Debtor IBAN', ...companyOnly }),
  f.text('settings.bank.debtorBic', { label: 'Debtor BIC', ...companyOnly }),
  f.integer('settings.userPasswordMinLength', { label: 'Minimum password length', min: 1, max: 100 }),
  f.boolean('settings.selfService', { label: 'Self service' }),
  f.boolean('settings.userImageIdentity', { label: 'Identity picture' }),
  f.boolean('settings.userFileCv', { label: 'CV upload' }),
  flag('settings.authentication.email', 'Email', companyOnly),
  flag('settings.authentication.surfConext', 'SURFconext', companyOnly),
  flag('settings.authentication.google', 'Google (always needed for super accounts)', companyOnly),
  flag('settings.authentication.linkedIn', 'LinkedIn', companyOnly),
  flag('settings.event.groupScore', 'Group score', companyOnly),
  flag('settings.event.moduleInterviewUploadFile', 'Interview: upload a file', companyOnly),
  flag('settings.event.moduleInterviewUploadImage', 'Interview: upload an image', companyOnly),
  flag('settings.event.moduleInterviewGroupIdSelect', 'Interview: choose a group', companyOnly),
  // the languages the company offers; the event wizard offers localization when there is more than one
  f.listOf('settings.localization', 'enum', { label: 'Languages', choices: ['en', 'nl'] }),
  // the location map's tiles; without it the map draws on a plain background and loads nothing from outside
  f.text('settings.map.tileUrl', {
    label: 'Map tile URL',
    max: 500,
    pattern: 'https://\\S*\\{z\\}\\S*\\{x\\}\\S*\\{y\\}\\S*',
    patternMessage: 'must be an https address with {z}, {x} and {y}',
    help: 'A tile URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  }),
  f.text('settings.profileWelcomeMessage', { label: 'Profile welcome message', format: 'textarea', ...companyOnly }),
  f.openObject('settings.userDashboardSettings', { label: 'User dashboard settings', ...companyOnly }),
  f.openObject('settings.userRegistrationSettings', { label: 'User registration settings', ...companyOnly }),
  f.openObject('settings.applicationSettings', { label: 'Application settings', ...companyOnly }),
  f.openObject('settings.superSettings', { label: 'Super settings', readRights: [], writeRights: [] }),
].map((field) => ({ writeRights: ['company'], ...field }));

/** The tabs of the company profile after What's New, each with the rights it needs and the paths it edits. */
export const PROFILE_SECTIONS = [
  {
    key: 'general',
    label: 'General settings',
    rights: ['company'],
    paths: ['name', 'email', 'domain', 'image', 'settings.authentication', 'settings.payment', 'settings.localization', 'settings.event',
      'settings.userPasswordMinLength', 'settings.selfService', 'settings.userImageIdentity', 'settings.userFileCv', 'settings.profileWelcomeMessage',
      'settings.moneybird', 'settings.bank', 'settings.map'],
  },
  {
    key: 'app',
    label: 'App settings',
    rights: ['company'],
    paths: ['application', 'settings.userDashboardSettings', 'settings.userRegistrationSettings', 'settings.applicationSettings'],
  },
  { key: 'super', label: 'Super settings', rights: ['super'], paths: ['settings.superSettings'] },
] as const satisfies readonly { key: string; label: string; rights: readonly Right[]; paths: readonly string[] }[];

export type ProfileSectionKey = (typeof PROFILE_SECTIONS)[number]['key'];

/** The company (tenant) itself: profile, settings and admin lists. Created and deleted by super admins only. */
export const company = defineResource({
  name: 'company',
  label: 'Company',
  labelPlural: 'Companies',
  scope: 'platform',
  titlePath: 'name.full',
  fields: [
    f.text('name.id', { label: 'Name id', required: true, pattern: '[a-z0-9-]+', patternMessage: 'may only hold lowercase letters, digits and hyphens', indexed: true }),
    f.text('name.full', { label: 'Name', required: true, searchable: true, sortable: true, indexed: true }),
    f.text('name.abbr', { label: 'Abbreviation' }),
    // the reply-to address, required on the welcome screen (part 1 section 5)
    f.text('email.value', { label: 'Reply-to email', format: 'email', required: true, indexed: true }),
    f.text('domain', { label: 'Domain', searchable: true }),
    f.image('image.profile', { label: 'Logo', image: { ratios: [[1, 1]], minWidth: 512 } }),
    f.image('image.banner', { label: 'Banner', image: { ratios: [[851, 235], [12, 5]], minWidth: 1024 } }),
    ...adminLists,
    ...settings,
    f.listOf('application.tabs.values', 'text', { label: 'App tabs', ...companyOnly }),
    f.openObject('application.tabs.configuration', { label: 'App tab configuration', ...companyOnly }),
    f.image('application.standalone.ios.icon', { label: 'iOS icon', image: { ratios: [[1, 1]], minWidth: 512 }, ...companyOnly }),
    f.text('application.store.title', { label: 'App store title', ...companyOnly }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['name.full', 'name.id', 'email.value', 'domain'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.id', 'domain'],
    // its route is the company's own profile
    opening: false,
  },
  // companies are tenants: they are created and removed by the platform, not through the company area
  access: access({ read: ANY_ADMIN, update: ['company'], create: false, delete: false, archive: false, import: [], export: [], patch: [] }),
  archivable: false,
  screens: { route: '/company/profile', generated: false, leaveGuard: true, formHides: PEOPLE_LISTS },
});
