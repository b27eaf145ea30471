import { findResource, isSortable, type ResourceDef } from '@backoffice/resources';
import { useSelect } from '@refinedev/antd';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Select, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { REFERENCE_PAGE_SIZE, REFERENCE_STALE_MS } from '../../config';
import { recordTitle, titleQuery } from '../../definitions/screens';
import { userMay } from '../../providers/access-control';
import { useMe } from '../../providers/use-me';
import { useSelectSearch } from './select-search';

export interface ReferenceSelectProps {
  resource: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/** Lists the spec keeps to at most 9 999 records (pages, events, videos) load whole; longer ones search on the server. */
const WHOLE_LIST_LIMIT = 9999;

/** How many records a reference select loads at once: the whole list when it is short enough, else the first 100. */
export function referencePageSize(target: ResourceDef): number {
  const max = target.list.maxPageSize;
  return max && max <= WHOLE_LIST_LIMIT ? max : REFERENCE_PAGE_SIZE;
}

/**
 * Searchable select of another model's records, sorted by name, refetched at most every 10 s; disabled, asking
 * nothing, for a reader who may not read that model (the API would refuse each request with 403).
 */
export function ReferenceSelect({ resource, value, onChange, placeholder, disabled, style, id, autoFocus, defaultOpen }: ReferenceSelectProps) {
  const t = useTranslate();
  const target = findResource(resource);
  const may = userMay(useMe(), resource, 'read');
  const titlePath = target?.titlePath ?? 'name.full';
  const label = (item: BaseRecord) => (target ? recordTitle(target, item) : '') || t('(no name)');
  const { selectProps, defaultValueQuery } = useSelect<BaseRecord>({
    resource,
    optionLabel: label,
    optionValue: (item: BaseRecord) => String(item._id ?? item.id),
    defaultValue: value ?? undefined,
    pagination: { pageSize: target ? referencePageSize(target) : REFERENCE_PAGE_SIZE, mode: 'server' },
    sorters: target && isSortable(target, titlePath) ? [{ field: titlePath, order: 'asc' }] : [],
    filters: target?.archivable ? [{ field: 'meta.archived', operator: 'eq', value: false }] : [],
    // the API refuses q on a model without searchable fields
    onSearch: (search: string) => (target?.list.searchable.length ? [{ field: 'q', operator: 'eq', value: search }] : []),
    debounce: 300,
    queryOptions: { staleTime: REFERENCE_STALE_MS, enabled: !!target && may },
    defaultValueQueryOptions: { staleTime: REFERENCE_STALE_MS, enabled: !!target && may && !!value },
    meta: target ? titleQuery(target) : { select: ['_id', titlePath] },
  } as never);
  const search = useSelectSearch(selectProps.onSearch);
  if (!target) return <Select disabled status="error" placeholder={t('modelname-not-found')} style={style} />;
  return (
    <Select<string>
      {...(selectProps as object)}
      id={id}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      allowClear
      showSearch
      style={{ minWidth: 200, ...style }}
      placeholder={placeholder ?? t('Search {{model}}', { model: t(target.label).toLowerCase() })}
      disabled={disabled || !may}
      value={value ?? undefined}
      // a chosen record whose title has not arrived (or that is gone, or is not the reader's to read) never shows its id
      labelRender={({ label }) => label ?? <Typography.Text type="secondary">{may ? t(defaultValueQuery.isFetching ? 'Loading…' : '(record not found)') : '—'}</Typography.Text>}
      onChange={(next) => onChange?.((next as unknown as string | undefined) ?? null)}
      {...search.selectProps}
    />
  );
}
