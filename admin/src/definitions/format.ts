import dayjs from 'dayjs';
import { DATE_FORMAT, TIME_FORMAT } from '../config';
import { type Locale, storedLocale } from '../i18n/locale';

const NUMBER_LOCALES = { en: 'en-GB', nl: 'nl-NL' } as const;

/** The thousands and decimal separators of the admin's languages. */
const SEPARATORS = { en: [',', '.'], nl: ['.', ','] } as const;

/** Whole units with the thousands separator of the admin's language. */
const groupThousands = (units: number, locale: Locale = storedLocale()) => String(units).replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATORS[locale][0]);

/**
 * The one money format of the admin: '€ 1,234.50' from 123450 cents, separators of the admin's language
 * ('€ 1.234,50' in Dutch), always two decimals; `symbol` for another currency such as the company's credits.
 * Numbers are written out here rather than by Intl.NumberFormat: the page's first one loads the browser's locale
 * data, 15 to 50 ms on the main thread of every page that shows an amount or a count.
 */
export function formatEuro(cents: unknown, symbol = '€'): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const whole = Math.round(Math.abs(cents));
  return `${sign}${symbol} ${groupThousands(Math.floor(whole / 100))}${SEPARATORS[storedLocale()][1]}${String(whole % 100).padStart(2, '0')}`;
}

/** Unix seconds as y-MM-dd HH:mm, the time held to the date (a no-break space) so a table cell keeps it on one line. */
export function formatUnix(unix: unknown, withTime = true): string {
  if (typeof unix !== 'number' || !Number.isFinite(unix) || unix <= 0) return '';
  const moment = dayjs.unix(unix);
  return withTime ? `${moment.format(DATE_FORMAT)}\u00a0${moment.format(TIME_FORMAT)}` : moment.format(DATE_FORMAT);
}

/** A localized text in the admin's language, else in the other one. */
export function localized(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const texts = value as { en?: string; nl?: string };
    return (storedLocale() === 'nl' ? texts.nl || texts.en : texts.en || texts.nl) || '';
  }
  return '';
}

export const imageUrl = (id: string, size: 64 | 256 | 512 = 64) => `/api/image/${encodeURIComponent(id)}/icon_${size}`;

/** A count or another plain number with the separators of the admin's language: '10,395' in English, '10.395' in Dutch; two decimals at most. */
export function formatNumber(value: unknown, locale: Locale = storedLocale()): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  // beyond what hundredths hold exactly, the browser's own format (loading its locale data once)
  if (Math.abs(value) >= 1e13) return value.toLocaleString(NUMBER_LOCALES[locale], { maximumFractionDigits: 2 });
  const hundredths = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && hundredths > 0 ? '-' : '';
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return `${sign}${groupThousands(Math.floor(hundredths / 100), locale)}${fraction && SEPARATORS[locale][1] + fraction}`;
}

/** A moment the API answers as ISO 8601 text, shown as every moment is. */
export function formatIso(iso: unknown, withTime = true): string {
  if (typeof iso !== 'string' || !iso) return '';
  const moment = dayjs(iso);
  return moment.isValid() ? formatUnix(moment.unix(), withTime) : '';
}
