import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with the library's recommended memory and time costs. */
export const hashPassword = (password: string) => hash(password, { algorithm: Algorithm.Argon2id });

export async function verifyPassword(stored: unknown, password: string): Promise<boolean> {
  if (typeof stored !== 'string' || !stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
