import { access, companyRefField, defineResource, f, metaFields, type FieldOptions } from '../define';
import { ANONYMOUS_BY_EMAIL, BIRTHDAY_UNIX, FULL_NAME } from '../derive';
import type { FieldError, Right } from '../types';

/** Third-party access (part 2 section 5): view for every model; edit for page, video, event; manage and publish for page and event, without an item. */
export const ACCESS_SCOPES_BY_MODEL: Readonly<Record<string, readonly string[]>> = {
  page: ['view', 'edit', 'manage', 'publish'],
  event: ['view', 'edit', 'manage', 'publish'],
  video: ['view', 'edit'],
  location: ['view'],
  merchant: ['view'],
};

function checkAccessRef(doc: Record<string, unknown>): FieldError[] {
  const entries = Array.isArray(doc.accessRef) ? doc.accessRef : [];
  return entries.flatMap((entry, index): FieldError[] => {
    const { accessModel, accessScope, accessId } = (entry ?? {}) as Record<string, unknown>;
    const path = `accessRef.${index}`;
    const allowed = ACCESS_SCOPES_BY_MODEL[String(accessModel)];
    if (!allowed || typeof accessScope !== 'string') return [];
    if (!allowed.includes(accessScope)) return [{ field: `${path}.accessScope`, message: `${path}.accessScope ${accessScope} is not allowed for ${accessModel}` }];
    if ((accessScope === 'manage' || accessScope === 'publish') && accessId) {
      return [{ field: `${path}.accessId`, message: `${path}.accessId must be empty for scope ${accessScope}` }];
    }
    return [];
  });
}

/** Payment details: only finance admins read and write them (part 2 section 2, Payment details tab). */
const finance = (options: FieldOptions): FieldOptions => ({ readRights: ['finance'], writeRights: ['finance'], import: false, ...options });
const secret = (options: FieldOptions): FieldOptions => ({ secret: true, readOnly: true, import: false, ...options });
const USER_ADMIN_WRITE: readonly Right[] = ['company'];

/**
 * A person: staff, app user, anonymous user or card user. Anonymous and card users are recognised by the
 * domain of email.value (email.anonymous marks them), blocked accounts by '_blocked_' in the email.
 * security.password.value is write-only: the API stores an argon2id hash and never returns it.
 */
export const user = defineResource({
  name: 'user',
  label: 'User',
  labelPlural: 'Users',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.list('accessRef', [
      f.enum('accessModel', Object.keys(ACCESS_SCOPES_BY_MODEL), { required: true }),
      f.enum('accessScope', ['view', 'edit', 'manage', 'publish'], { required: true }),
      f.text('accessId', { pattern: '[0-9a-f]{24}', patternMessage: 'must be a 24-character id', help: 'Empty for manage and publish' }),
    ], { label: 'Third-party access', writeRights: USER_ADMIN_WRITE, guards: 'rights', import: false }),
    companyRefField(),
    f.text('name.first', { label: 'First name', max: 200, import: { description: 'First name' } }),
    f.text('name.last', { label: 'Last name', max: 200, import: { description: 'Last name' } }),
    f.text('name.full', { label: 'Name', searchable: true, sortable: true, indexed: true, derive: FULL_NAME }),
    f.image('image.profile', { label: 'Profile picture', image: { ratios: [[1, 1]], minWidth: 512 } }),
    f.image('image.debitcard', { label: 'Debit card' }),
    f.image('image.identity', { label: 'Identity picture' }),
    // set by the CV upload (POST /api/company/user/{id}/cv), which stores the file
    f.text('file.cv', { label: 'CV (uploaded file id)', pattern: '[0-9a-f]{24}', patternMessage: 'must be an uploaded file id', writeVia: 'endpoint', import: false }),
    // true accepted, false rejected, null pending (part 2 section 4)
    f.boolean('birthdayVerified', { label: 'Birthday verified', indexed: true, filterable: true }),
    f.text('birthday.date', { label: 'Birthday', format: 'date', import: { description: 'Date of birth', formatHint: 'YYYY-MM-DD' } }),
    // people born before 1970 have a negative unix time; the server derives it from birthday.date (UTC midnight)
    // sorted within the overview's filter on email.anonymous only, by the composite index below
    f.unixTime('birthday.unix', { label: 'Birthday (unix)', min: -5000000000, indexed: 'column', sortable: true, readOnly: true, derive: BIRTHDAY_UNIX }),
    f.text('email.value', { label: 'Email', format: 'email', required: true, guards: 'credential', indexed: true, searchable: true, sortable: true, import: { description: 'Email address', required: true } }),
    f.boolean('email.valid', { label: 'Email verified' }),
    f.boolean('email.anonymous', { label: 'Anonymous', indexed: 'column', filterable: true, default: false, derive: ANONYMOUS_BY_EMAIL }),
    f.text('mobile.countrycode', { label: 'Country code', import: { description: 'Mobile country code', formatHint: '+31' } }),
    f.text('mobile.value', { label: 'Mobile', format: 'phone', indexed: 'column', searchable: true, import: { description: 'Mobile number', formatHint: '612345678' } }),
    f.text('study.studentId.value', { label: 'Student number' }),
    f.boolean('study.studentId.verified', { label: 'Student number verified' }),
    // start and end are dates here (YYYY-MM-DD): the spec names them without a unit
    f.list('study.history', [f.text('name'), f.boolean('completed'), f.text('start', { format: 'date' }), f.text('end', { format: 'date' })], { label: 'Study history' }),
    f.text('pay.iban', finance({ label: 'IBAN' })),
    f.boolean('pay.valid', finance({ label: 'Bank account verified' })),
    f.text('pay.bic', finance({ label: 'BIC' })),
    f.text('pay.cardholder', finance({ label: 'Cardholder' })),
    f.boolean('pay.selfService', finance({ label: 'Self-service refund' })),
    f.enum('info.language', ['nl', 'en'], { label: 'Language', choiceLabels: { nl: 'Dutch', en: 'English' }, import: { description: 'Language', formatHint: 'nl | en' } }),
    f.enum('info.gender', ['female', 'male', 'other'], { label: 'Gender', import: { description: 'Gender', formatHint: 'female | male | other' } }),
    f.enum('info.eat.type', ['all', 'vegetarian', 'vegan', 'other'], { label: 'Diet' }),
    f.text('info.eat.allergic', { label: 'Allergies' }),
    f.text('security.qr.value', secret({ label: 'QR secret' })),
    f.text('security.recover.value', secret({ label: 'Recovery token' })),
    f.text('security.password.value', { label: 'Password', format: 'password', secret: true, max: 100, guards: 'credential', import: false }),
    f.text('bracelet.state.id', { label: 'Tag state', indexed: true, filterable: true }),
    // the identifier of the linked tag (bracelet); set by the link and unlink actions
    f.text('bracelet.tag.value', { label: 'Tag', import: false }),
    ...metaFields({ archived: 'column', createdIndexed: true }),
    // sorted within the overview's filter on email.anonymous only, by the composite index below
    f.unixTime('meta.lastActiveAt', { label: 'Last active', readOnly: true, sortable: true, indexed: 'column', import: false }),
    // 'super' only by super admins, and no rights change on someone holding more rights (rights.ts)
    f.listOf('_projectSpecific.rights', 'enum', { label: 'Rights', choices: ['super', 'third-party'], writeRights: USER_ADMIN_WRITE, guards: 'rights', import: false }),
  ],
  list: {
    columns: ['name.full', 'birthday.unix', 'mobile.value', 'meta.createdAt', 'email.value', 'birthday.date', 'meta.lastActiveAt'],
    defaultSort: [{ field: 'meta.createdAt', order: 'desc' }],
    searchable: ['name.full', 'email.value', 'mobile.value'],
    filters: ['_projectSpecific.rights', 'meta.createdAt', 'email.anonymous', 'bracelet.state.id', 'meta.archived', 'birthdayVerified'],
    maxPageSize: 99999,
    // the overview's Type filter starts on normal users
    opening: {
      filters: [
        { field: 'meta.archived', operator: 'eq', value: false },
        { field: 'email.anonymous', operator: 'eq', value: false },
      ],
    },
  },
  // The user overview always filters on email.anonymous (its Type dropdown), so each sort of a user list has an index
  // that leads with it: through the sort's own index, the anonymous users (a seventh, mostly without name or birthday)
  // came after every other user, and a page of them read the whole index (0.3 s at 200 000 users). The name, the
  // email and the creation time keep their own indexes for lists that do not filter on it (pickers, lookups, the
  // default order); birthday and last activity are sorted on within that filter only.
  indexes: [
    // every column the overview's filters use, so its capped count reads this index alone (it also serves the
    // archived filter, which has no index of its own)
    ['meta.archived', 'email.anonymous', 'bracelet.state.id', 'meta.createdAt', 'email.value'],
    ['email.anonymous', 'meta.createdAt'],
    ['email.anonymous', 'name.full'],
    ['email.anonymous', 'email.value'],
    ['email.anonymous', 'birthday.unix'],
    ['email.anonymous', 'meta.lastActiveAt'],
  ],
  // user admins edit users; creating (and importing) users is a company admin action; patch super only
  access: access({ read: ['user'], write: ['user'], create: ['company'], import: ['company'], delete: [], patch: [] }),
  archivable: true,
  // a copy of a person would share their email and sign-in; new people are created
  duplicate: false,
  holdsRights: true,
  checks: [checkAccessRef],
  screens: { route: '/company/user', menuGroup: 'Users', generated: false, leaveGuard: true },
});
