import { createHash } from 'node:crypto';
import { HttpException, HttpStatus } from '@nestjs/common';
import { type ResourceDef, type Right, isPlainObject } from '@backoffice/resources';
import type { Doc, StoredRecord } from './record-repository';
import { toOutput } from './record-output';

/** JSON with every object's keys in order, so a document read back from jsonb hashes as the one written. */
function canonicalJson(doc: Doc): string {
  return JSON.stringify(doc, (_, value: unknown) => {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, value[key]]));
  });
}

/**
 * A record's version, its ETag: a hash of the stored document, hidden fields and all, so any write that changes the
 * record changes it and a write that changes nothing does not. Weak: the answers of one version differ by the
 * reader's rights, `_select` and `_populate`.
 */
export function recordVersion(doc: Doc): string {
  return `W/"${createHash('sha256').update(canonicalJson(doc)).digest('base64url').slice(0, 27)}"`;
}

/** The tags of an If-Match header, compared without their weak prefix; `*` matches any version. */
function matches(ifMatch: string, version: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(version));
}

/**
 * Refuses a write that names a version (If-Match) other than the record's: 412 with the record as it now is and its
 * version, as the writer may read it. Called with the record read for update inside the write's transaction.
 */
export function requireVersion(def: ResourceDef, record: StoredRecord, ifMatch: string | undefined, rights: ReadonlySet<Right>): void {
  if (ifMatch === undefined) return;
  const version = recordVersion(record.doc);
  if (matches(ifMatch, version)) return;
  throw new HttpException(
    { message: `This ${def.label.toLowerCase()} was changed by someone else since you read it`, reason: 'version-changed', version, record: toOutput(def, record, rights) },
    HttpStatus.PRECONDITION_FAILED,
  );
}
