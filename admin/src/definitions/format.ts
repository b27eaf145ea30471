import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../config';

/** '€ 12.50' from 1250 cents. */
export function formatEuro(cents: unknown): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  return `${sign}€ ${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** Unix seconds as y-MM-dd HH:mm. */
export function formatUnix(unix: unknown, withTime = true): string {
  if (typeof unix !== 'number' || !Number.isFinite(unix) || unix <= 0) return '';
  return dayjs.unix(unix).format(withTime ? DATE_TIME_FORMAT : DATE_FORMAT);
}

/** A localized text's English value, else its Dutch one. */
export function localized(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const texts = value as { en?: string; nl?: string };
    return texts.en || texts.nl || '';
  }
  return '';
}

export const imageUrl = (id: string, size: 64 | 256 | 512 = 64) => `/api/image/${encodeURIComponent(id)}/icon_${size}`;
