import { NotFoundException } from '@nestjs/common';
import { OBJECT_ID, findResource } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { toOutput } from '../records/record-output';
import type { Doc, StoredRecord } from '../records/record-repository';

/** A stored payment, transaction or user as the API answers it (hidden fields removed, euros added). */
export function output(model: 'payment' | 'transaction' | 'user', record: StoredRecord, actor: Actor): Doc {
  return toOutput(findResource(model)!, record, actor.rights);
}

/** An id from the path: anything but a 24-hex id is simply not found. */
export function pathId(id: string, what: string): string {
  if (!OBJECT_ID.test(id)) throw new NotFoundException({ message: `No ${what} with id ${id}` });
  return id;
}
