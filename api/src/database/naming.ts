import type { FieldDef, ResourceDef, SqlType } from '@backoffice/resources';
import { KINDS } from '@backoffice/resources';

const snakeNames = new Map<string, string>();
/** Names of definitions and their fields (a bounded set, asked for on every request): worked out once each. */
function snake(name: string): string {
  let snaked = snakeNames.get(name);
  if (snaked === undefined) snakeNames.set(name, (snaked = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[.-]/g, '_').toLowerCase()));
  return snaked;
}

export const tableName = (def: Pick<ResourceDef, 'name'>) => snake(def.name);
export const columnName = (path: string) => snake(path);
export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** A path as a PostgreSQL text-array literal for `#>>`; paths are checked against the definition before they get here. */
export const pathLiteral = (path: string) => `'{${path.split('.').join(',')}}'`;

export function sqlTypeOf(field: FieldDef): SqlType {
  return KINDS[field.kind].sqlType ?? 'text';
}

/** The SQL expression reading a field from the document, cast to its column type. */
export function documentExpression(path: string, type: SqlType, alias = ''): string {
  const text = `(${alias}doc #>> ${pathLiteral(path)})`;
  return type === 'text' ? text : `${text}::${type}`;
}

/** The expression to filter or sort on: the typed column when there is one. */
export function fieldExpression(path: string, field: FieldDef): string {
  return field.indexed ? quote(columnName(path)) : documentExpression(path, sqlTypeOf(field));
}
