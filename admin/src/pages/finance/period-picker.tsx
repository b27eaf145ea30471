import type { Dayjs } from 'dayjs';
import { ClosedRangePicker } from '../../components/closed-date-picker';
import { DATE_TIME_FORMAT } from '../../config';

/** From and to pickers with date and time (spec part 1 section 2), closed until a person reaches them. */
export function PeriodPicker({ value, onChange }: { value: [Dayjs, Dayjs]; onChange(next: [Dayjs, Dayjs]): void }) {
  return (
    <span data-testid="period">
      <ClosedRangePicker
        showTime={{ format: 'HH:mm' }}
        format={DATE_TIME_FORMAT}
        value={value}
        allowClear={false}
        onChange={(next) => {
          if (next?.[0] && next[1]) onChange([next[0], next[1]]);
        }}
      />
    </span>
  );
}
