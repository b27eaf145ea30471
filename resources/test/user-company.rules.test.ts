import { describe, expect, it } from 'vitest';
import { hiddenPaths, resolveField } from '../src/field-index';
import { ADMIN_LISTS } from '../src/models/company';
import { effectiveRights } from '../src/rights';
import { forbiddenWrites } from '../src/validate';
import { def, expectAccepted, expectRefused } from './helpers';
import { id } from './fixtures';

describe('user rules (part 2 section 5)', () => {
  it.each(['name.first', 'name.last'])('limits %s to 200 characters', (path) => {
    expectAccepted('user', path, 'x'.repeat(200));
    expectRefused('user', path, 'x'.repeat(201), 'at most 200');
  });

  it('takes a birthday strictly as YYYY-MM-DD', () => {
    expectAccepted('user', 'birthday.date', '2000-02-29');
    for (const bad of ['1990-1-31', '31-01-1990', '1990/01/31', '1990-02-30', '1990-01-31T00:00']) {
      expectRefused('user', 'birthday.date', bad, 'YYYY-MM-DD');
    }
    expectAccepted('user', 'birthday.unix', -315619200);
  });

  it('requires a valid email address', () => {
    expectRefused('user', 'email.value', 'ada-at-example', 'must be an email address');
    expectRefused('user', 'email.value', undefined, 'is required');
  });

  it('knows the languages, genders and diets of the spec', () => {
    for (const language of ['nl', 'en']) expectAccepted('user', 'info.language', language);
    expectRefused('user', 'info.language', 'de', 'must be one of nl, en');
    for (const gender of ['female', 'male', 'other']) expectAccepted('user', 'info.gender', gender);
    expectRefused('user', 'info.gender', 'unknown', 'must be one of female, male, other');
    for (const diet of ['all', 'vegetarian', 'vegan', 'other']) expectAccepted('user', 'info.eat.type', diet);
    expectRefused('user', 'info.eat.type', 'meat', 'must be one of all, vegetarian, vegan, other');
  });

  it('keeps the age verification as true, false or null (pending)', () => {
    for (const value of [true, false, null]) expectAccepted('user', 'birthdayVerified', value);
    expectRefused('user', 'birthdayVerified', 'pending', 'true or false');
  });

  it('never returns the password, and caps it at 100 characters', () => {
    const user = def('user');
    expect(resolveField(user, 'security.password.value')?.secret).toBe(true);
    expect(hiddenPaths(user, effectiveRights(['super']))).toContain('security.password.value');
    expectRefused('user', 'security.password.value', 'x'.repeat(101), 'at most 100');
  });

  it('shows payment details to finance admins only', () => {
    const user = def('user');
    const payPaths = ['pay.iban', 'pay.bic', 'pay.cardholder', 'pay.valid'];
    for (const path of payPaths) expect(hiddenPaths(user, effectiveRights(['user']))).toContain(path);
    for (const path of payPaths) expect(hiddenPaths(user, effectiveRights(['company']))).not.toContain(path);
    expect(hiddenPaths(user, effectiveRights(['finance']))).not.toContain('pay.iban');
    expect(forbiddenWrites(user, { pay: { iban: 'NL00' } }, effectiveRights(['user'])).map((e) => e.field)).toEqual(['pay.iban']);
  });

  it('keeps the project-specific rights super and third-party', () => {
    expectAccepted('user', '_projectSpecific.rights', ['super', 'third-party']);
    expectRefused('user', '_projectSpecific.rights', ['admin'], 'must be one of super, third-party', '_projectSpecific.rights.0');
    expect(forbiddenWrites(def('user'), { _projectSpecific: { rights: ['super'] } }, effectiveRights(['user']))).toHaveLength(1);
  });

  it('grants third-party access only in the scopes each model allows', () => {
    const entry = (accessModel: string, accessScope: string, accessId: string | null = null) => [{ accessModel, accessScope, accessId }];
    expectAccepted('user', 'accessRef', entry('event', 'publish'));
    expectAccepted('user', 'accessRef', entry('video', 'edit', id(3)));
    expectAccepted('user', 'accessRef', entry('merchant', 'view', id(3)));
    expectRefused('user', 'accessRef', entry('video', 'manage'), 'manage is not allowed for video', 'accessRef.0.accessScope');
    expectRefused('user', 'accessRef', entry('location', 'edit', id(3)), 'edit is not allowed for location', 'accessRef.0.accessScope');
    expectRefused('user', 'accessRef', entry('page', 'manage', id(3)), 'must be empty for scope manage', 'accessRef.0.accessId');
    expectRefused('user', 'accessRef', entry('product', 'view'), 'must be one of', 'accessRef.0.accessModel');
    expectRefused('user', 'accessRef', entry('page', 'own'), 'must be one of', 'accessRef.0.accessScope');
  });

  it('leaves server-kept secrets to the server', () => {
    expect(forbiddenWrites(def('user'), { security: { qr: { value: 'x' } } }, effectiveRights(['super']))[0].message).toContain('set by the server');
  });
});

describe('company rules (part 2 section 5)', () => {
  it('keeps only lowercase letters, digits and hyphens in the name id', () => {
    expectAccepted('company', 'name.id', 'events-2025');
    for (const bad of ['Events', 'events_2025', 'events 2025', 'évents']) {
      expectRefused('company', 'name.id', bad, 'may only hold lowercase letters, digits and hyphens');
    }
  });

  it('requires the reply-to email (welcome screen)', () => {
    expectRefused('company', 'email.value', undefined, 'is required');
    expectRefused('company', 'email.value', 'info', 'must be an email address');
  });

  it('holds the admin lists of userId and user', () => {
    const lists = [...Object.keys(ADMIN_LISTS), 'userBlockedRef'];
    expect(lists.sort()).toEqual([
      'adminApplicationRef', 'adminCompanyRef', 'adminEventRef', 'adminFinanceNonRefundableRef', 'adminFinanceRef',
      'adminMerchantRef', 'adminUserRef', 'userBlockedRef',
    ]);
    for (const list of lists) expect(resolveField(def('company'), `${list}.userId`)?.ref).toEqual({ resource: 'user', populateAs: 'user' });
    expectRefused('company', 'adminFinanceRef', [{}], 'is required', 'adminFinanceRef.0.userId');
    expectRefused('company', 'adminFinanceRef', [{ userId: 'ada' }], '24-character id', 'adminFinanceRef.0.userId');
  });

  it('types the settings', () => {
    for (const policy of ['company-cup-credit', 'transaction-cup-credit', 'max-5-per-order']) expectAccepted('company', 'settings.payment.cupRetourPolicy', policy);
    expectRefused('company', 'settings.payment.cupRetourPolicy', 'no-cups', 'must be one of');
    expectRefused('company', 'settings.payment.currencyExchangeRate', 0, 'at least');
    expectRefused('company', 'settings.userPasswordMinLength', 0, 'at least 1');
    expectRefused('company', 'settings.authentication.google.active', 'yes', 'true or false');
    expectRefused('company', 'settings.event.groupScore.active', 1, 'true or false');
    expectRefused('company', 'settings.localization', ['de'], 'must be one of en, nl', 'settings.localization.0');
    expectRefused('company', 'settings.unknownSetting', true, 'is not a field');
    expectAccepted('company', 'settings.userDashboardSettings', { anything: ['goes'] });
  });

  it('lets company admins change settings but only super admins the super settings', () => {
    const company = def('company');
    expect(forbiddenWrites(company, { settings: { selfService: true } }, effectiveRights(['company']))).toEqual([]);
    expect(forbiddenWrites(company, { settings: { selfService: true } }, effectiveRights(['event']))).toHaveLength(1);
    expect(forbiddenWrites(company, { settings: { superSettings: {} } }, effectiveRights(['company']))).toHaveLength(1);
    expect(forbiddenWrites(company, { settings: { superSettings: {} } }, effectiveRights(['super']))).toEqual([]);
  });
});
