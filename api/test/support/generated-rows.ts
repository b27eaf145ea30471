import { createHash } from 'node:crypto';
import { type FieldDef, type ResourceDef, containingList, fieldsByPath, offeredFilterUse, resolveField } from '@backoffice/resources';
import type { Database } from '../../src/database/database';
import { quote, tableName } from '../../src/database/naming';

/**
 * Rows made by the database from a series (test data, written raw like the benchmark's loader): every field gets
 * a value derived from the row number `g`, so filters and sorts have realistic spreads (1 000 references,
 * 5 000 distinct texts, times a minute apart) and the sample filters below match a small share of the rows.
 */
const REFERENCES = 1000;
const TEXTS = 5000;
const FIRST_UNIX = 1_600_000_000;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textOf = (n: number) => `w${n}-${createHash('md5').update(String(n)).digest('hex').slice(0, 8)}`;
const referenceOf = (n: number) => n.toString(16).padStart(24, '0');
const choiceArray = (choices: readonly string[]) => `(ARRAY[${choices.map(literal).join(', ')}])`;

function leaf(field: FieldDef): string | null {
  switch (field.kind) {
    case 'text': {
      if (field.choices) return `${choiceArray(field.choices)}[1 + g % ${field.choices.length}]`;
      const text = `'w' || (g % ${TEXTS}) || '-' || substr(md5((g % ${TEXTS})::text), 1, 8)`;
      // an email signs a person in, so it is unique among a company's active users
      return field.format === 'email' ? `${text} || '.' || g || '@example.test'` : text;
    }
    case 'enum':
      return `${choiceArray(field.choices ?? [''])}[1 + g % ${(field.choices ?? ['']).length}]`;
    case 'boolean':
      return '(g % 7 = 0)';
    case 'number':
    case 'money':
      return `(g % 10000)`;
    case 'unixTime':
      return `(${FIRST_UNIX} + g * 60)`;
    case 'reference':
      return `lpad(to_hex(g % ${REFERENCES}), 24, '0')`;
    case 'localizedText': {
      const text = leaf({ ...field, kind: 'text' });
      return `jsonb_build_object('en', ${text}, 'nl', ${text})`;
    }
    case 'list': {
      if (field.itemKind) return `jsonb_build_array(${leaf({ ...field, kind: field.itemKind })})`;
      return field.fields ? `jsonb_build_array(${objectSql(field.fields)})` : null;
    }
    default:
      return null;
  }
}

type Tree = Map<string, Tree | string>;

function objectSql(fields: readonly FieldDef[]): string {
  const tree: Tree = new Map();
  for (const field of fields) {
    if (field.kind === 'object') continue;
    const value = leaf(field);
    if (value === null) continue;
    const keys = field.path.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      if (!(node.get(key) instanceof Map)) node.set(key, new Map());
      node = node.get(key) as Tree;
    }
    node.set(keys[keys.length - 1], value);
  }
  const render = (node: Tree): string => `jsonb_build_object(${[...node].map(([key, value]) => `${literal(key)}, ${typeof value === 'string' ? value : render(value)}`).join(', ')})`;
  return render(tree);
}

/** Inserts `count` generated rows of the company, in statements of 20 000 rows. */
export async function insertGeneratedRows(db: Database, def: ResourceDef, companyId: string, count: number, from = 0): Promise<void> {
  const fields = [...fieldsByPath(def)].map(([path, field]) => ({ ...field, path }));
  const doc = objectSql(fields);
  for (let start = from; start < from + count; start += 20_000) {
    const end = Math.min(from + count, start + 20_000) - 1;
    await db.query(
      `INSERT INTO ${quote(tableName(def))} (id, company_id, doc) SELECT lpad(to_hex(g), 24, '0'), $1, ${doc} FROM generate_series(${start}, ${end}) AS g`,
      [companyId],
    );
  }
}

/** A filter of the path that matches a small share of the generated rows, in the form the admin sends it. */
export function sampleFilter(def: ResourceDef, path: string): Record<string, string> {
  const field = resolveField(def, path)!;
  const use = offeredFilterUse(def, path);
  if (use === 'contains') {
    const list = resolveField(def, containingList(def, path)!)!;
    const item = list.itemKind ? { ...list, kind: list.itemKind } : field;
    return { [path]: sampleValue(item) };
  }
  if (use === 'like') return { [`${path}_like`]: 'w123' };
  if (field.kind === 'unixTime') return { [`${path}_gte`]: String(FIRST_UNIX + 60 * 1000), [`${path}_lte`]: String(FIRST_UNIX + 60 * 1500) };
  if (field.kind === 'number' || field.kind === 'money') return { [`${path}_gte`]: '100', [`${path}_lte`]: '150' };
  return { [path]: sampleValue(field) };
}

function sampleValue(field: FieldDef): string {
  if (field.kind === 'reference') return referenceOf(7);
  if (field.kind === 'boolean') return 'true';
  if (field.choices) return field.choices[field.choices.length - 1];
  return textOf(7);
}
