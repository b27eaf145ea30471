import { type BaseRecord, type HttpError, useInvalidate, useTranslate } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { RowButton } from '../../components/row-button';
import { NeedsService } from '../../components/service-off';
import { resendMail } from './communication-api';

const recipientName = (record: BaseRecord) => {
  const to = (Array.isArray(record.to) ? record.to[0] : null) as { name?: string; email?: string } | null;
  return to?.name || to?.email || '';
};

/**
 * What reloads the mail lists on screen after a resend, made once per table and handed to each row's button:
 * Refine's useInvalidate matches the route against every resource each time it renders, which a page of rows
 * did once per row.
 */
export function useReloadMails(): () => Promise<void> {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: 'communicationMail', invalidates: ['list'] });
}

/** Resend of a mail from its template; 'We could not resend mail to {name}!' when that cannot be done. */
export function ResendMailButton({ record, onResent }: { record: BaseRecord; onResent: () => Promise<void> }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const answer = await resendMail(String(record._id ?? record.id));
      message.success(answer.message);
      await onResent();
    } catch (failure) {
      message.error((failure as HttpError).statusCode === 409 ? (failure as HttpError).message : t('We could not resend mail to {{name}}!', { name: recipientName(record) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <NeedsService service="mailgun">
      <RowButton icon="redo" disabled={busy} onClick={resend} data-testid="resend">
        {t('Resend')}
      </RowButton>
    </NeedsService>
  );
}
