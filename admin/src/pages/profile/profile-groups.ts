import type { ProfileSectionKey } from '@backoffice/resources';

/** How each settings tab groups the company's fields on screen (paths as in the company definition). */
export const PROFILE_GROUPS: Record<ProfileSectionKey, { title: string; paths: string[] }[]> = {
  general: [
    { title: 'Company', paths: ['name.full', 'name.id', 'name.abbr', 'email.value', 'domain'] },
    { title: 'Images', paths: ['image.profile', 'image.banner'] },
    { title: 'Authentication options', paths: ['settings.authentication.email.active', 'settings.authentication.surfConext.active', 'settings.authentication.google.active', 'settings.authentication.linkedIn.active'] },
    { title: 'Payment', paths: ['settings.payment.cupRetourPolicy', 'settings.payment.currencySymbol', 'settings.payment.currencyExchangeRate'] },
    { title: 'Localization', paths: ['settings.localization'] },
    { title: 'Event modules', paths: ['settings.event.groupScore.active', 'settings.event.moduleInterviewUploadFile.active', 'settings.event.moduleInterviewUploadImage.active', 'settings.event.moduleInterviewGroupIdSelect.active'] },
    { title: 'User settings', paths: ['settings.selfService', 'settings.userImageIdentity', 'settings.userFileCv', 'settings.userPasswordMinLength'] },
    { title: 'Welcome message', paths: ['settings.profileWelcomeMessage'] },
    { title: 'Map', paths: ['settings.map.tileUrl'] },
    { title: 'Accounting and refunds', paths: ['settings.moneybird.contactId', 'settings.moneybird.workflowId', 'settings.bank.debtorName', 'settings.bank.debtorIban', 'settings.bank.debtorBic'] },
  ],
  app: [
    { title: 'App', paths: ['application.store.title', 'application.standalone.ios.icon'] },
    { title: 'Application tabs', paths: ['application.tabs.values', 'application.tabs.configuration'] },
    { title: 'App behaviour', paths: ['settings.userDashboardSettings', 'settings.userRegistrationSettings', 'settings.applicationSettings'] },
  ],
  super: [{ title: 'Super settings', paths: ['settings.superSettings'] }],
};

/** The company name id keeps only lowercase letters, digits and hyphens as the user types (part 2 section 5). */
export const normalizeNameId = (value: unknown) => (typeof value === 'string' ? value.toLowerCase().replace(/[^a-z0-9-]/g, '') : value);

/** Google sign-in is always needed for super accounts, so its switch stays on. */
export const ALWAYS_ON = 'settings.authentication.google.active';
