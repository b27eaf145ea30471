import { access, activeFlags, ANY_ADMIN, defineResource, f, metaFields, refList } from '../define';
import type { FieldDef } from '../types';

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

/** Settings of part 2 section 3, written from the General and App settings tabs; superSettings is super only. */
const settings: FieldDef[] = [
  f.text('settings.payment.currencySymbol', { label: 'Currency symbol', default: '€' }),
  // totals are divided by it for the Token Total export column, so it must be above 0
  f.number('settings.payment.currencyExchangeRate', { label: 'Currency exchange rate', min: 0.0001 }),
  f.enum('settings.payment.cupRetourPolicy', CUP_RETOUR_POLICIES, {
    label: 'Cup return policy',
    choiceLabels: { 'company-cup-credit': 'Company cup credit (recommended)', 'transaction-cup-credit': 'Transaction cup credit', 'max-5-per-order': 'Max 5 per order' },
  }),
  f.text('settings.moneybird.contactId', { label: 'Accounting contact id' }),
  f.text('settings.moneybird.workflowId', { label: 'Accounting workflow id' }),
  // the debtor account of SEPA refund files
  f.text('settings.bank.debtorName', { label: 'Debtor name' }),
  f.text('settings.bank.debtorIban', { label: 'Debtor IBAN' }),
  f.text('settings.bank.debtorBic', { label: 'Debtor BIC' }),
  f.integer('settings.userPasswordMinLength', { label: 'Minimum password length', min: 1, max: 100 }),
  f.boolean('settings.selfService', { label: 'Self service' }),
  f.boolean('settings.userImageIdentity', { label: 'Identity picture' }),
  f.boolean('settings.userFileCv', { label: 'CV upload' }),
  ...activeFlags('settings.authentication', ['email', 'surfConext', 'google', 'linkedIn']),
  ...activeFlags('settings.event', ['groupScore', 'moduleInterviewUploadFile', 'moduleInterviewUploadImage', 'moduleInterviewGroupIdSelect']),
  // the languages the company offers; the event wizard offers localization when there is more than one
  f.listOf('settings.localization', 'enum', { label: 'Languages', choices: ['en', 'nl'] }),
  f.text('settings.profileWelcomeMessage', { label: 'Profile welcome message', format: 'textarea' }),
  f.openObject('settings.userDashboardSettings', { label: 'User dashboard settings' }),
  f.openObject('settings.userRegistrationSettings', { label: 'User registration settings' }),
  f.openObject('settings.applicationSettings', { label: 'Application settings' }),
  f.openObject('settings.superSettings', { label: 'Super settings', writeRights: [] }),
].map((field) => ({ writeRights: ['company'], ...field }));

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
    f.listOf('application.tabs.values', 'text', { label: 'App tabs' }),
    f.openObject('application.tabs.configuration', { label: 'App tab configuration' }),
    f.image('application.standalone.ios.icon', { label: 'iOS icon', image: { ratios: [[1, 1]], minWidth: 512 } }),
    f.text('application.store.title', { label: 'App store title' }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['name.full', 'name.id', 'email.value', 'domain'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.id', 'domain'],
  },
  // companies are tenants: they are created and removed by the platform, not through the company area
  access: access({ read: ANY_ADMIN, update: ['company'], create: false, delete: false, archive: false, import: [], export: [], patch: [] }),
  archivable: false,
  screens: { route: '/company/profile', generated: false, leaveGuard: true, formHides: PEOPLE_LISTS },
});
