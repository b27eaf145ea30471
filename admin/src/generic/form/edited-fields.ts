import { isPlainObject } from '@backoffice/resources';

export type FieldName = (string | number)[];
export type EditedFields = Map<string, { name: FieldName; value: unknown }>;

/**
 * Records what the person typed, from antd's `onValuesChange`: the leaves of the changed values with their values
 * in the whole form (a list counts as one leaf, since antd reports a changed item in a sparse copy of it).
 */
export function recordEdits(edited: EditedFields, changed: unknown, all: unknown, name: FieldName = []): void {
  if (isPlainObject(changed) && isPlainObject(all)) {
    for (const key of Object.keys(changed)) recordEdits(edited, changed[key], all[key], [...name, key]);
    return;
  }
  if (name.length > 0) edited.set(name.join('.'), { name, value: all });
}

/** The typed values as antd's `setFields` takes them, to lay over a record that was loaded again. */
export function editsAsFields(edited: EditedFields): { name: FieldName; value: unknown; touched: true }[] {
  return [...edited.values()].map(({ name, value }) => ({ name, value, touched: true }));
}
