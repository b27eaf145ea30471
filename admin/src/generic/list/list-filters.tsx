import { resolveField, type FieldDef, type ResourceDef } from '@backoffice/resources';
import { type CrudFilter, type CrudOperators, useTranslate } from '@refinedev/core';
import { Space } from 'antd';
import { choiceLabel, labelOf } from '../../definitions/screens';
import { ClosedSelect } from '../../components/closed-select';
import { DateRangeFilter } from './date-range-filter';
import { ReferenceFilter } from './reference-filter';
import { ServerSearch } from './server-search';

type Setter = (filters: CrudFilter[]) => void;

export function filterValue(filters: CrudFilter[], field: string, operator: CrudOperators = 'eq'): unknown {
  const found = filters.find((filter) => 'field' in filter && filter.field === field && filter.operator === operator);
  return found ? found.value : undefined;
}

const asBoolean = (value: unknown) => (value === true || value === 'true' ? 'true' : value === false || value === 'false' ? 'false' : undefined);
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value ? String(value).split(',') : []);

/** One control for a filter of the definition, by field kind. */
function FilterControl({ def, path, field, filters, set }: { def: ResourceDef; path: string; field: FieldDef; filters: CrudFilter[]; set: Setter }) {
  const t = useTranslate();
  const label = t(labelOf(def, path));
  const style = { minWidth: 160 };
  const kind = field.kind === 'list' && field.choices ? 'enum' : field.kind;
  switch (kind) {
    case 'boolean':
      return (
        <ClosedSelect
          aria-label={label}
          data-testid={`filter-${path}`}
          style={style}
          value={asBoolean(filterValue(filters, path)) ?? 'any'}
          // "All" is a filter of its own (true or false), so a reload keeps it instead of a default like "not archived"
          onChange={(value) =>
            set([
              { field: path, operator: 'eq', value: value === 'any' ? undefined : value },
              { field: path, operator: 'in', value: value === 'any' ? ['true', 'false'] : undefined },
            ])
          }
          options={[
            { value: 'any', label: `${label}: ${t('All')}` },
            { value: 'true', label: `${label}: ${t('Yes')}` },
            { value: 'false', label: `${label}: ${t('No')}` },
          ]}
        />
      );
    case 'enum':
      return (
        <ClosedSelect
          mode="multiple"
          allowClear
          aria-label={label}
          data-testid={`filter-${path}`}
          placeholder={label}
          style={{ minWidth: 200 }}
          maxTagCount="responsive"
          value={asList(filterValue(filters, path, 'in'))}
          onChange={(value: string[]) => set([{ field: path, operator: 'in', value: value.length ? value : undefined }])}
          options={(field.choices ?? []).map((choice) => ({ value: choice, label: t(choiceLabel(field, choice)) }))}
        />
      );
    case 'reference':
      return field.ref ? (
        <ReferenceFilter
          resource={field.ref.resource}
          placeholder={label}
          style={{ minWidth: 200 }}
          value={(filterValue(filters, path) as string | undefined) ?? undefined}
          onChange={(value) => set([{ field: path, operator: 'eq', value: value ?? undefined }])}
        />
      ) : null;
    case 'unixTime': {
      const [from, to] = [filterValue(filters, path, 'gte'), filterValue(filters, path, 'lte')].map((value) => (value === undefined || value === '' ? undefined : Number(value)));
      return (
        <DateRangeFilter
          aria-label={label}
          placeholder={[`${label}: ${t('from')}`, t('until')]}
          from={from}
          to={to}
          onChange={(start, end) =>
            set([
              { field: path, operator: 'gte', value: start },
              { field: path, operator: 'lte', value: end },
            ])
          }
        />
      );
    }
    case 'text': {
      // a code (another system's state) is matched whole, prose by what it contains
      const operator = field.code ? 'eq' : 'contains';
      return (
        <ServerSearch
          aria-label={label}
          placeholder={field.code ? t('{{label}} (whole code)', { label }) : label}
          width={field.code ? 220 : 180}
          initial={(filterValue(filters, path, operator) as string) ?? ''}
          onSearch={(value) => set([{ field: path, operator, value: value.trim() || undefined }])}
        />
      );
    }
    default:
      return null;
  }
}

/** The search box of a list: searches the definition's searchable fields through `q`, kept in the URL. */
export function ListSearch({ filters, set, width = 260 }: { filters: CrudFilter[]; set: Setter; width?: number }) {
  const t = useTranslate();
  return (
    <ServerSearch
      data-testid="list-search"
      placeholder={t('Search')}
      width={width}
      initial={(filterValue(filters, 'q') as string) ?? ''}
      onSearch={(value) => set([{ field: 'q', operator: 'eq', value: value.trim() || undefined }])}
    />
  );
}

const ARCHIVED = 'meta.archived';

/** The Archived filter (not archived at first, archived, all) of a list of an archivable model. */
export function ArchivedFilter({ def, filters, set }: { def: ResourceDef; filters: CrudFilter[]; set: Setter }) {
  const field = resolveField(def, ARCHIVED);
  return def.archivable && field ? <FilterControl def={def} path={ARCHIVED} field={field} filters={filters} set={set} /> : null;
}

/** Search box (q) and the definition's filters, the Archived filter for every archivable model; every value lives in the URL through useTable. */
export function ListFilters({ def, filters, set }: { def: ResourceDef; filters: CrudFilter[]; set: Setter }) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {def.list.searchable.length > 0 && <ListSearch filters={filters} set={set} />}
      {(def.list.filters ?? []).filter((path) => path !== ARCHIVED).map((path) => {
        const field = resolveField(def, path);
        return field ? <FilterControl key={path} def={def} path={path} field={field} filters={filters} set={set} /> : null;
      })}
      <ArchivedFilter def={def} filters={filters} set={set} />
    </Space>
  );
}
