import dayjs, { type Dayjs } from 'dayjs';

/** The wizard's form values: date ranges as Dayjs pairs, modules as a list of active flags. */
export interface EventDraftValues {
  en: string;
  nl?: string;
  show: [Dayjs, Dayjs];
  duration: [Dayjs, Dayjs];
  register: [Dayjs, Dayjs];
  whoCanView: string;
  showInOverview: boolean;
  whoCanCheckIn: string;
  modules: string[];
}

/** Defaults of part 2 section 2: show today to 6 months ahead; duration and register 11:00 to 23:00 today. */
export function draftDefaults(now: Dayjs = dayjs()): EventDraftValues {
  const today = now.startOf('day');
  const day: [Dayjs, Dayjs] = [today.hour(11), today.hour(23)];
  return {
    en: '',
    show: [today, today.add(6, 'month').endOf('day')],
    duration: day,
    register: day,
    whoCanView: 'guests',
    showInOverview: true,
    whoCanCheckIn: 'admins',
    modules: [],
  };
}

const timeWindow = ([start, end]: [Dayjs, Dayjs]) => ({
  start: { unix: start.unix(), date: start.toISOString() },
  end: { unix: end.unix(), date: end.toISOString() },
});

/** The event record the wizard creates. */
export function draftBody(values: EventDraftValues, modules: readonly string[]) {
  const en = values.en.trim();
  return {
    name: { full: en },
    nameLocalized: { full: { en, ...(values.nl?.trim() && { nl: values.nl.trim() }) } },
    show: timeWindow(values.show),
    duration: timeWindow(values.duration),
    register: timeWindow(values.register),
    module: {
      attendance: { whoCanView: values.whoCanView, showInOverview: values.showInOverview, whoCanCheckIn: values.whoCanCheckIn },
      ...Object.fromEntries(modules.map((name) => [name, { active: values.modules.includes(name) }])),
    },
  };
}
