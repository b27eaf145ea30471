import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../../config';

/** Conversions between stored values and what the widgets show: the form's values keep the record's shape. */
export const moneyProps = {
  getValueProps: (cents: unknown) => ({ value: typeof cents === 'number' ? cents / 100 : cents }),
  normalize: (euro: unknown) => (euro === null || euro === undefined || euro === '' ? null : Math.round(Number(euro) * 100)),
};

export const unixProps = {
  getValueProps: (unix: unknown) => ({ value: typeof unix === 'number' && unix > 0 ? dayjs.unix(unix) : null }),
  normalize: (moment: Dayjs | null) => (moment ? moment.unix() : null),
};

export const dateTextProps = {
  getValueProps: (text: unknown) => ({ value: typeof text === 'string' && text ? dayjs(text, DATE_FORMAT) : null }),
  normalize: (moment: Dayjs | null) => (moment ? moment.format(DATE_FORMAT) : null),
};

/** JSON text for free objects and geometries; text that does not parse stays text so the validator names it. */
export const jsonProps = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value, null, 2) }),
  normalize: (text: string) => {
    if (!text || !text.trim()) return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  },
};

export const emptyToNull = (value: unknown) => (value === undefined ? null : value);
