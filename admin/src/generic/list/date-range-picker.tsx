import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { DateRangeFilterProps } from './date-range-filter';

/**
 * antd's range picker for a filter of moments (unix seconds, whole days): in a chunk of its own, which a list loads
 * once a person reaches its closed date filter or opens the list with such a filter set.
 */
export default function DateRangePicker({ placeholder, from, to, onChange, autoFocus, defaultOpen, ...aria }: DateRangeFilterProps & { autoFocus?: boolean; defaultOpen?: boolean }) {
  return (
    <DatePicker.RangePicker
      {...aria}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      placeholder={placeholder}
      value={from !== undefined && to !== undefined ? [dayjs.unix(from), dayjs.unix(to)] : null}
      onChange={(range) => onChange(range?.[0] ? range[0].startOf('day').unix() : undefined, range?.[1] ? range[1].endOf('day').unix() : undefined)}
    />
  );
}
