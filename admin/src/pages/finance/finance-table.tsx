import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';

interface FinanceTableProps<T> {
  testId: string;
  /** the current page of a finance list */
  rows: UseQueryResult<{ rows: T[]; total: number }>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  columns: TableProps<T>['columns'];
  emptyText?: string;
}

/** A finance list paged by the API: payments, refunds and transactions. */
export function FinanceTable<T extends { _id: string }>({ testId, rows, page, pageSize, onPage, columns, emptyText }: FinanceTableProps<T>) {
  return (
    <Table<T>
      data-testid={testId}
      size="small"
      rowKey="_id"
      loading={rows.isLoading}
      dataSource={rows.data?.rows ?? []}
      locale={emptyText ? { emptyText } : undefined}
      pagination={{ current: page, pageSize, total: rows.data?.total ?? 0, showSizeChanger: false, onChange: onPage }}
      columns={columns}
    />
  );
}
