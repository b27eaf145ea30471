import { type ResourceDef, holdingField } from '@backoffice/resources';
import { fieldLabel, humanize } from '../../definitions/screens';
import { FieldValue } from '../list/field-value';

/** A changed path's label in the admin's language: its field's, with what lies below it (`Localized name (en)`). */
export function changeLabel(def: ResourceDef, path: string, t: (key: string) => string): string {
  const holder = holdingField(def, path);
  if (!holder) return t(humanize(path));
  const label = t(fieldLabel(holder.field, holder.path));
  return holder.rest ? `${label} (${holder.rest})` : label;
}

/**
 * A value of a history's change as the form shows it: by the kind of the field that holds it, a reference by the
 * title the history names it with (or its own look-up).
 */
export function ChangeValue({ def, path, value, titles }: { def: ResourceDef; path: string; value: unknown; titles: Record<string, string> }) {
  const holder = holdingField(def, path);
  if (holder?.field.kind === 'reference' && typeof value === 'string' && titles[value]) return <>{titles[value]}</>;
  // one language of a localized text is a text; below any other field the value is shown as it is
  const field = !holder ? undefined : !holder.rest ? holder.field : holder.field.kind === 'localizedText' ? { ...holder.field, kind: 'text' as const } : undefined;
  if (!field && value !== null && typeof value === 'object') return <code className="cell-text">{JSON.stringify(value)}</code>;
  return <FieldValue field={field} value={value} />;
}
