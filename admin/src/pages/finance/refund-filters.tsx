import { useTranslate } from '@refinedev/core';
import { Checkbox, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { ClosedSelect } from '../../components/closed-select';
import type { RefundFilter } from './finance-api';

/** The refund year filter offers 2019 to 2025 (spec part 1 section 9), extended to the current year. */
export function refundYears(now = new Date()): number[] {
  const last = Math.max(2025, now.getFullYear());
  return Array.from({ length: last - 2019 + 1 }, (_, index) => 2019 + index);
}

/** The refund screen's filters, kept in the URL. */
export function useRefundFilter(): [RefundFilter, (next: Partial<RefundFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter: RefundFilter = {
    year: params.get('year') ?? String(new Date().getFullYear()),
    refundability: (params.get('refundability') as RefundFilter['refundability']) ?? 'any',
    leftover: params.get('leftover') !== 'false',
    anonymous: (params.get('anonymous') as RefundFilter['anonymous']) ?? 'include',
  };
  const set = (next: Partial<RefundFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams(params);
    search.set('year', merged.year);
    search.set('refundability', merged.refundability);
    search.set('leftover', String(merged.leftover));
    search.set('anonymous', merged.anonymous);
    setParams(search, { replace: true });
  };
  return [filter, set];
}

/** Refundability, year ('All' for super admins), leftover credit, anonymous cards (super admins). */
export function RefundFilters({ filter, set, isSuper }: { filter: RefundFilter; set(next: Partial<RefundFilter>): void; isSuper: boolean }) {
  const t = useTranslate();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <ClosedSelect
        data-testid="filter-refundability"
        style={{ width: 230 }}
        value={filter.refundability}
        onChange={(refundability) => set({ refundability })}
        options={[
          { value: 'any', label: t('All payments') },
          { value: 'provider', label: t('Refundable online') },
          { value: 'iban', label: t('Refundable by bank account') },
          { value: 'none', label: t('Not refundable') },
        ]}
      />
      <ClosedSelect
        data-testid="filter-year"
        style={{ width: 110 }}
        value={filter.year}
        onChange={(year) => set({ year })}
        options={[...(isSuper ? [{ value: 'all', label: t('All') }] : []), ...refundYears().reverse().map((year) => ({ value: String(year), label: String(year) }))]}
      />
      <Checkbox data-testid="filter-leftover" checked={filter.leftover} onChange={(event) => set({ leftover: event.target.checked })}>
        {t('Payments with leftover credit')}
      </Checkbox>
      {isSuper && (
        <ClosedSelect
          data-testid="filter-anonymous"
          style={{ width: 230 }}
          value={filter.anonymous}
          onChange={(anonymous) => set({ anonymous })}
          options={[
            { value: 'include', label: t('With anonymous cards') },
            { value: 'exclude', label: t('Without anonymous cards') },
            { value: 'only', label: t('Only anonymous cards') },
          ]}
        />
      )}
    </Space>
  );
}
