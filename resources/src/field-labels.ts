import { fieldsByPath } from './field-index';
import type { FieldDef, ResourceDef } from './types';

/**
 * The field that holds a path of a record, the nearest one up (`nameLocalized.full` holds `nameLocalized.full.en`),
 * and what of the path lies below it; null when no field of the definition holds it.
 */
export function holdingField(def: ResourceDef, path: string): { path: string; field: FieldDef; rest: string } | null {
  const fields = fieldsByPath(def);
  for (let end = path.length; end > 0; end = path.lastIndexOf('.', end - 1)) {
    const field = fields.get(path.slice(0, end));
    if (field) return { path: path.slice(0, end), field, rest: path.slice(end + 1) };
  }
  return null;
}

/** A path's label in English: the holding field's label, with what lies below it (`Localized name (en)`). */
export function pathLabel(def: ResourceDef, path: string): string {
  const holder = holdingField(def, path);
  if (!holder) return path;
  const label = holder.field.label ?? holder.path;
  return holder.rest ? `${label} (${holder.rest})` : label;
}
