import { NotFoundException } from '@nestjs/common';
import { OBJECT_ID, type UserBalance, findResource, getPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { readRowToOutput, toOutput } from '../records/record-output';
import type { Doc, StoredRecord } from '../records/record-repository';

/** A stored payment, transaction or user as the API answers it (hidden fields removed, euros added). */
export function output(model: 'payment' | 'transaction' | 'user', record: StoredRecord, actor: Actor): Doc {
  return toOutput(findResource(model)!, record, actor.rights);
}

/** `output` for a row a list has just read, which nothing else holds (changed, not copied). */
export function listedOutput(model: 'payment' | 'transaction', row: StoredRecord, actor: Actor): Doc {
  return readRowToOutput(findResource(model)!, row, actor.rights);
}

/** Who a user is, for finance admins who may not read users: id, name and email, whether it is an anonymous card. */
export function userSummary(user: StoredRecord): UserBalance['user'] {
  return {
    _id: user.id,
    name: { full: (getPath(user.doc, 'name.full') as string | undefined) ?? null },
    email: { value: (getPath(user.doc, 'email.value') as string | undefined) ?? null, anonymous: getPath(user.doc, 'email.anonymous') === true },
  };
}

/** An id from the path: anything but a 24-hex id is simply not found. */
export function pathId(id: string, what: string): string {
  if (!OBJECT_ID.test(id)) throw new NotFoundException({ message: `No ${what} with id ${id}` });
  return id;
}
