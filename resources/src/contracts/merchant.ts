/** Answers of the merchant endpoints (api/src/merchant), shared by the API and the admin. */

export interface LiveRegister {
  interval: number;
  from: number;
  to: number;
  /** the y-axis maximum: the interval's default, or 10 % above the largest value when that is higher */
  yMax: number;
  /** one per register terminal: its bars, `name` the bar's start in ms since the epoch and `value` the transactions sold */
  terminals: { registerTerminalId: string | null; name: string; series: { name: number; value: number }[] }[];
}

export interface LockerOption {
  id: string;
  name: string;
}

/** An event of the Locker Company with the locker sizes and rental periods it offers. */
export interface LockerEvent {
  id: string;
  name: string;
  startsAt?: string;
  endsAt?: string;
  sizes: LockerOption[];
  periods: LockerOption[];
}
