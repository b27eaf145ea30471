import { getPath } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { RowButton } from '../../components/row-button';

/** The phone number as digits with the country code ('+31' and '612345678' make '31612345678'), or null without both. */
export function phoneDigits(record: BaseRecord): string | null {
  const code = String(getPath(record, 'mobile.countrycode') ?? '').replace(/\D/g, '');
  const number = String(getPath(record, 'mobile.value') ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return code && number ? `${code}${number}` : null;
}

/** WhatsApp message, call and mail links of a user row; the first two need a country code and a number. */
export function ContactLinks({ record }: { record: BaseRecord }) {
  const t = useTranslate();
  const digits = phoneDigits(record);
  const email = getPath(record, 'email.value') as string | undefined;
  return (
    <span className="row-buttons" onClick={(event) => event.stopPropagation()}>
      <RowButton icon="whatsapp" title={t('WhatsApp message')} aria-label={t('WhatsApp message')} disabled={!digits} href={digits ? `https://wa.me/${digits}` : undefined} target="_blank" />
      <RowButton icon="phone" title={t('Call')} aria-label={t('Call')} disabled={!digits} href={digits ? `tel:+${digits}` : undefined} />
      <RowButton icon="mail" title={t('Mail')} aria-label={t('Mail')} disabled={!email} href={email ? `mailto:${email}` : undefined} />
    </span>
  );
}
