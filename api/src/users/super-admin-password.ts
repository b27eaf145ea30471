import { DEMO_PASSWORD } from '../demo/sign-ins';

export const SUPER_ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Passwords that guessing tries first; a super admin holds every company's money and personal data. */
const COMMON_PASSWORDS = new Set([
  '123456789012', '1234567890123', 'password1234', 'passwordpassword', 'qwertyuiopas', 'qwerty123456', '1q2w3e4r5t6y',
  'iloveyou1234', 'adminadmin123', 'administrator', 'welcome12345', 'changeme1234', 'letmein12345', 'backoffice123',
  'superadmin123', 'aaaaaaaaaaaa', 'abcdefghijkl', 'abc123abc123', 'p@ssw0rd1234', 'trustno1trustno1',
]);

/** Why a super admin's password is too weak, or null: length, variety, and nothing guessable from the account. */
export function superAdminPasswordWeakness(password: string, known: { email: string; company: string }): string | null {
  if (password.length < SUPER_ADMIN_PASSWORD_MIN_LENGTH) return `it must have at least ${SUPER_ADMIN_PASSWORD_MIN_LENGTH} characters`;
  if (password.length > 100) return 'it must have at most 100 characters';
  const lower = password.toLowerCase();
  if (password === DEMO_PASSWORD || COMMON_PASSWORDS.has(lower)) return 'it is a commonly used password';
  if (new Set(password).size < 6) return 'it must have at least 6 different characters';
  const guessable = [known.email.split('@')[0], known.company].map((part) => part.toLowerCase()).filter((part) => part.length >= 4);
  if (guessable.some((part) => lower.includes(part))) return 'it must not contain the email address or the company name';
  return null;
}
