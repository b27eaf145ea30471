import { type FieldDef, KINDS, type ResourceDef, fieldsByPath, importFields, resolveField, setPath } from '@backoffice/resources';
import type { Actor } from '../../src/auth/actor';
import { textOfSeconds } from '../../src/history/history-changes';
import { type ReferenceTargets, sampleRecord } from '../support/sample-record';
import type { TestApp } from '../support/test-app';

/** A plain text anyone who may update the model may write: no rule beyond its length, set by no one else. */
const plainText = (field: FieldDef) =>
  field.kind === 'text' && !field.readOnly && !field.writeVia && !field.writeRights && !field.readRights && !field.secret && !field.derive && !field.pattern && !field.multiple &&
  (field.format === undefined || field.format === 'textarea');

/** A value of the field, numbered so each write changes it, within its length. */
export const textValue = (field: FieldDef, n: number) => {
  const value = `Changed ${n}`.slice(-(field.max ?? 40));
  return KINDS.text.check(value, field) === null ? value : null;
};

/** The text field the tests change: the title when it is one, else the first such field; null when the model has none. */
export function changeableText(def: ResourceDef): string | null {
  const title = resolveField(def, def.titlePath);
  if (title && plainText(title) && textValue(title, 1) !== null) return def.titlePath;
  // a time's text is no change the history shows: its seconds say when
  return [...fieldsByPath(def)].find(([path, field]) => plainText(field) && textValue(field, 1) !== null && !(def.list.filters ?? []).includes(path) && !textOfSeconds(def, path))?.[0] ?? null;
}

/** Such a field the import and patch wizards offer. */
export function importableText(def: ResourceDef): string | null {
  return importFields(def).find(([path, field]) => plainText(field) && textValue(field, 1) !== null && !textOfSeconds(def, path))?.[0] ?? null;
}

/** A super admin of company a as the domain services see one: for domain writes made in a test. */
export const superActor = (t: TestApp): Actor => ({
  userId: t.userIds.a.super,
  companyId: t.companies.a,
  homeCompanyId: t.companies.a,
  rights: new Set(['super']),
  access: [],
  thirdParty: false,
});

/**
 * A sample the generic patch may change: shared, where records belong to one person (so other roles read it), and
 * paid, where the domain edits only paid sales.
 */
export function editableSample(def: ResourceDef, targets: ReferenceTargets): Record<string, unknown> {
  const sample = sampleRecord(def, targets);
  if (def.owner?.sharedWhen) setPath(sample, def.owner.sharedWhen, true);
  if (def.name === 'transaction') setPath(sample, 'state.id', 'paid');
  return sample;
}
