import { type BaseRecord, type HttpError, useTranslate } from '@refinedev/core';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { RowButton } from '../../components/row-button';
import { api } from '../../providers/http';

/** Super admins only (part 2 section 6): the source Mailgun stored for a sent mail. */
export function MailSourceButton({ record }: { record: BaseRecord }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [source, setSource] = useState<string | null>(null);
  const show = () =>
    api<{ source: string }>(`/api/company/communication/mail/${encodeURIComponent(String(record._id ?? record.id))}/source`).then(
      (response) => setSource(response.data.source),
      (failure: HttpError) => message.error(failure.message),
    );
  return (
    <>
      <RowButton icon="code" onClick={show} data-testid="mail-source">
        {t('Source')}
      </RowButton>
      {source !== null && (
        <Modal open title={t('Mail source')} width={900} footer={null} onCancel={() => setSource(null)}>
          <pre style={{ maxHeight: 600, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}>{source}</pre>
        </Modal>
      )}
    </>
  );
}
