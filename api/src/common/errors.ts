import { BadRequestException, ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { FieldError } from '@backoffice/resources';

/** 400 with one entry per field, the shape every validation answer has. */
export function invalid(message: string, errors: FieldError[] = []): BadRequestException {
  return new BadRequestException({ message, errors });
}

export const notFound = (message = 'Not found') => new NotFoundException({ message });
export const forbidden = (message = 'You do not have the right to do this') => new ForbiddenException({ message });
export const conflict = (message: string) => new ConflictException({ message });
