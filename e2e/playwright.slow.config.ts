import base from './playwright.config';
export default { ...base, timeout: 180_000, expect: { timeout: 40_000 }, use: { ...base.use, actionTimeout: 40_000, navigationTimeout: 60_000 } };
