import { BadRequestException, ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { FieldError } from '@backoffice/resources';

/** 400 with one entry per field, the shape every validation answer has. */
export function invalid(message: string, errors: FieldError[] = []): BadRequestException {
  return new BadRequestException({ message, errors });
}

export const notFound = (message = 'Not found') => new NotFoundException({ message });
export const forbidden = (message = 'You do not have the right to do this') => new ForbiddenException({ message });
/** 403 that names the rights of which the caller holds none (any one of them would do). */
export const missingRight = (needed: readonly string[], message: string) =>
  new ForbiddenException({ message: `${message}: it needs the ${needed.join(' or ')} right`, missingRight: needed });
export const conflict = (message: string) => new ConflictException({ message });
