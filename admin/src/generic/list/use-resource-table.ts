import { listOpening, type ResourceDef } from '@backoffice/resources';
import { useTable } from '@refinedev/antd';
import { type BaseRecord, type CrudFilter, useTranslate } from '@refinedev/core';
import type { TablePaginationConfig } from 'antd';
import { withPageLinks } from './page-links';
import { useReadablePopulates } from './readable-populates';

export interface ResourceTableOptions {
  /** filters the page always applies (not shown, not in the URL) */
  permanent?: CrudFilter[];
}

/**
 * useTable for a definition: it opens as the definition says (listOpening: archived rows hidden or the definition's
 * own filters, its default sort, its columns' references populated where the reader may read them, the first page),
 * which is what the server asks for ahead of the admin's code (api/src/common/route-preloads.ts); its state in the URL.
 */
export function useResourceTable(def: ResourceDef, options: ResourceTableOptions = {}) {
  const t = useTranslate();
  const opening = listOpening(def);
  const populate = useReadablePopulates(def, opening.populate);
  const table = useTable<BaseRecord>({
    resource: def.name,
    syncWithLocation: true,
    pagination: { pageSize: opening.pageSize, mode: 'server' },
    sorters: { initial: opening.sort },
    filters: { initial: opening.filters, permanent: options.permanent ?? [], defaultBehavior: 'merge' },
    meta: { populate },
  });
  /** Merges filters and goes back to the first page, where the new result starts. */
  const applyFilters = (next: CrudFilter[]) => {
    table.setFilters(next, 'merge');
    table.setCurrentPage(1);
  };
  const page = { lowerBound: table.tableQuery.data?.totalIsLowerBound === true, rows: table.tableQuery.data?.data.length ?? 0 };
  const pagination = withPageLinks(boundedPagination(table.tableProps.pagination, page, t));
  // without Refine's `scroll: { x: true }`, with which antd measures every column and renders the rows again; the
  // table scrolls sideways inside its card by CSS (layout/tables.css)
  const tableProps = { ...table.tableProps, pagination, scroll: undefined };
  return { ...table, tableProps, applyFilters };
}

/**
 * When the total is a lower bound, the pager says "more than N" and keeps a next page open. Past the count's cap
 * (pages read after a cursor) it follows the pages read: a full page keeps the next one open, a short one is the end.
 */
function boundedPagination(pagination: false | TablePaginationConfig | undefined, page: { lowerBound: boolean; rows: number }, t: ReturnType<typeof useTranslate>) {
  if (!pagination || !page.lowerBound) return pagination;
  const size = pagination.pageSize ?? 25;
  const reached = ((pagination.current ?? 1) - 1) * size + page.rows;
  const total = Math.max(pagination.total ?? 0, reached);
  if (page.rows < size && reached >= (pagination.total ?? 0)) return { ...pagination, total: reached };
  return { ...pagination, total: total + size, showTotal: () => t('more than {{count}}', { count: total.toLocaleString('nl-NL') }) };
}
