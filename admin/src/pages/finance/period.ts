import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';

/** The default period of the finance screens: 1 January 00:00 to 31 December 23:59 of the current year. */
export function defaultPeriod(now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.startOf('year'), now.endOf('year').startOf('minute')];
}

/** The period in the URL (`from` and `to` in milliseconds), so a reload or a shared link keeps it. */
export function usePeriod(): { period: [Dayjs, Dayjs]; setPeriod(next: [Dayjs, Dayjs]): void; startMs: number; endMs: number } {
  const [params, setParams] = useSearchParams();
  const [defaultFrom, defaultTo] = defaultPeriod();
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  const period: [Dayjs, Dayjs] = [from > 0 ? dayjs(from) : defaultFrom, to > 0 ? dayjs(to) : defaultTo];
  return {
    period,
    startMs: period[0].valueOf(),
    // the end minute is included: 23:59 means up to 23:59:59.999
    endMs: period[1].endOf('minute').valueOf(),
    setPeriod: ([start, end]) => {
      const next = new URLSearchParams(params);
      next.set('from', String(start.valueOf()));
      next.set('to', String(end.valueOf()));
      setParams(next, { replace: true });
    },
  };
}
