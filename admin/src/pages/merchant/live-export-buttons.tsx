import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useMe } from '../../providers/use-me';
import { isSuper } from '../../providers/session';
import { downloadCsv, exportInvoice } from './merchant-api';
import { NeedsService } from '../../components/service-off';

export const UNEXPECTED_TAX_RATES = 'Unexpected Tax Rates Found';

/** The live page's exports: the sales CSV, and the accounting invoice in Moneybird for super admins. */
export function LiveExportButtons({ merchantId, from, to }: { merchantId: string; from: number; to: number }) {
  const t = useTranslate();
  const me = useMe();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<'csv' | 'invoice' | null>(null);
  const csv = async () => {
    setBusy('csv');
    try {
      const name = await downloadCsv(merchantId, from, to);
      message.success(t('Downloaded {{name}}', { name }));
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const send = async (confirmed: string[]) => {
    setBusy('invoice');
    try {
      const answer = await exportInvoice(merchantId, from, to, confirmed);
      message.success(t('Invoice created in the accounting system ({{lines}} lines)', { lines: answer.sent.details_attributes.length }));
    } catch (error) {
      const failure = error as { message?: string; statusCode?: number; apiErrors?: { message: string }[]; body?: { existing?: { invoice: { id: string } }[] } };
      if (failure.statusCode === 409 && failure.body?.existing) {
        const shown = failure.body.existing.map((earlier) => earlier.invoice.id);
        // an earlier export covers part of this period: the API's message names that invoice
        modal.confirm({
          title: t('This period was exported before'),
          content: <div data-testid="invoice-exported-before">{failure.message}</div>,
          okText: t('Export again'),
          cancelText: t('buttons.cancel'),
          onOk: () => send(shown),
        });
      } else if (failure.message === UNEXPECTED_TAX_RATES) {
        modal.error({
          title: t(UNEXPECTED_TAX_RATES),
          content: <div data-testid="unexpected-tax-rates">{(failure.apiErrors ?? []).map((entry) => <div key={entry.message}>{entry.message}</div>)}</div>,
        });
      } else message.error(failure.message ?? t('Error'));
    } finally {
      setBusy(null);
    }
  };
  const invoice = () =>
    modal.confirm({
      title: t('Export invoice'),
      content: t('Send the sales of this period to the accounting system as a sales invoice?'),
      okText: t('Export invoice'),
      cancelText: t('buttons.cancel'),
      onOk: () => send([]),
    });
  return (
    <>
      <Button icon={<FileTextOutlined />} loading={busy === 'csv'} onClick={csv} data-testid="export-csv">{t('Export CSV')}</Button>
      {isSuper(me) && (
        <NeedsService service="moneybird">
          <Button icon={<FileExcelOutlined />} loading={busy === 'invoice'} onClick={invoice} data-testid="export-invoice">{t('Export invoice')}</Button>
        </NeedsService>
      )}
    </>
  );
}
