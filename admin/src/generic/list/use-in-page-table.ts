import { type useTableProps, useTable } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { withoutPageLinks } from './page-links';

/**
 * useTable for a table inside a record's page (a user's payments, a merchant's products): its page, sorting and
 * filters stay out of the URL, so its pager has antd's own buttons rather than links to a URL that would ignore them.
 */
export function useInPageTable<T extends BaseRecord>(props: Omit<useTableProps<T, HttpError, unknown, T>, 'syncWithLocation'>) {
  const table = useTable<T>({ ...props, syncWithLocation: false });
  // without Refine's `scroll: { x: true }`, as useResourceTable
  return { ...table, tableProps: { ...table.tableProps, pagination: withoutPageLinks(table.tableProps.pagination), scroll: undefined } };
}
