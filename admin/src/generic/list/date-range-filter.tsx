import dayjs from 'dayjs';
import { ClosedRangePicker } from '../../components/closed-date-picker';
import { DATE_FORMAT } from '../../config';

export interface DateRangeFilterProps {
  placeholder: [string, string];
  /** the range's first and last moment, unix seconds; the filter shows a range only when both are there */
  from?: number;
  to?: number;
  onChange: (from: number | undefined, to: number | undefined) => void;
  'aria-label'?: string;
}

/** A filter by a range of days (their first and last moments), closed until a person reaches it (ClosedRangePicker). */
export function DateRangeFilter({ from, to, onChange, ...rest }: DateRangeFilterProps) {
  return (
    <ClosedRangePicker
      {...rest}
      format={DATE_FORMAT}
      value={from !== undefined && to !== undefined ? [dayjs.unix(from), dayjs.unix(to)] : null}
      onChange={(range) => onChange(range?.[0] ? range[0].startOf('day').unix() : undefined, range?.[1] ? range[1].endOf('day').unix() : undefined)}
    />
  );
}
