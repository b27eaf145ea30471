import { ConflictException } from '@nestjs/common';

/** The answer for each unique index a write may run into, given the conflicting value. */
const CONFLICT_MESSAGES: Record<string, (value: string) => string> = {
  user_active_email_unique: (email) => `The email ${email} is already used by another user of this company`,
};

interface DatabaseError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/**
 * A unique index violation of the database as a 409 naming the value, whatever write path ran into it;
 * null for any other error. The detail reads `Key (company_id, lower(email_value))=(id, value) already exists.`
 */
export function uniqueConflict(error: unknown): ConflictException | null {
  const { code, constraint, detail } = (error ?? {}) as DatabaseError;
  if (code !== '23505' || !constraint || !CONFLICT_MESSAGES[constraint]) return null;
  const value = /\)=\([^,]*, (.*)\) already exists/.exec(detail ?? '')?.[1] ?? '';
  return new ConflictException({ message: CONFLICT_MESSAGES[constraint](value) });
}
