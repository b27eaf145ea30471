import { fieldsWith } from './field-index';
import { type Doc, getPath, setPath } from './paths';
import type { DeriveRule, FieldDef, ResourceDef } from './types';
import { userTypeOf } from './user-type';

/** Sets the derived fields of `after` whose sources the write changed (all of them on create). */
export function deriveFields(def: ResourceDef, before: Doc | null, after: Doc): void {
  for (const [path, field] of derivedFields(def)) {
    const rule = field.derive!;
    if (before && rule.from.every((source) => JSON.stringify(getPath(before, source)) === JSON.stringify(getPath(after, source)))) continue;
    const value = rule.value(after);
    if (value !== undefined) setPath(after, path, value);
  }
}

const derivedByDef = new WeakMap<ResourceDef, [string, FieldDef][]>();
function derivedFields(def: ResourceDef): [string, FieldDef][] {
  let found = derivedByDef.get(def);
  if (!found) derivedByDef.set(def, (found = fieldsWith(def, (field) => field.derive !== undefined)));
  return found;
}

/** A person's full name from their first and last names, when either is given. */
export const FULL_NAME: DeriveRule = {
  from: ['name.first', 'name.last'],
  value: (record) => {
    const parts = [getPath(record, 'name.first'), getPath(record, 'name.last')].map((part) => (typeof part === 'string' ? part.trim() : '')).filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : undefined;
  },
};

/** Anonymous accounts and cards are recognised by the domain of their email (part 2 section 9). */
export const ANONYMOUS_BY_EMAIL: DeriveRule = {
  from: ['email.value'],
  value: (record) => userTypeOf(getPath(record, 'email.value')) !== 'normal',
};

/** A birthday's unix time (UTC midnight) from its date `YYYY-MM-DD`; null once the date is gone. */
export const BIRTHDAY_UNIX: DeriveRule = {
  from: ['birthday.date'],
  value: (record) => {
    const date = getPath(record, 'birthday.date');
    const unix = typeof date === 'string' && date ? Date.parse(`${date}T00:00:00Z`) / 1000 : null;
    if (unix !== null && Number.isFinite(unix)) return unix;
    return getPath(record, 'birthday.unix') === undefined ? undefined : null;
  },
};

/** A message's recipients as one text, names and addresses, so that a search of the mail or SMS log finds them. */
export function recipientsText(address: 'email' | 'phone'): DeriveRule {
  return {
    from: ['to'],
    value: (record) => {
      const to = getPath(record, 'to');
      if (!Array.isArray(to)) return undefined;
      return to
        .map((recipient: Doc) => [recipient?.name, recipient?.[address]].filter((part) => typeof part === 'string' && part !== '').join(' '))
        .filter(Boolean)
        .join(', ');
    },
  };
}
