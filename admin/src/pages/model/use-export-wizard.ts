import type { ResourceDef } from '@backoffice/resources';
import { useOnError, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { downloadBlob } from '../../providers/http';
import { copyText } from './csv';
import { exportFileName } from './export-file-name';
import { type TableQuery, countMatches, exportFile, fetchExportFields } from './transfer-api';

/** Up to this many records the export is also offered on the clipboard (read with the count, before any click). */
export const CLIPBOARD_MAX_RECORDS = 5000;

export type ExportStep = 0 | 1 | 2;

interface ExportResult {
  count: number;
  /** the count stopped at the API's cap: there are more records than `count` */
  lowerBound: boolean;
  /** the CSV for the clipboard, for small exports only */
  csv?: string;
}

/** The export wizard: privacy agreement, field choice (all by default), then the export of every record the table query matches. */
export function useExportWizard(def: ResourceDef, query: TableQuery, enabled: boolean) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const { mutate: onError } = useOnError();
  const [step, setStep] = useState<ExportStep>(0);
  const [agreed, setAgreed] = useState(false);
  const [selected, setSelected] = useState<string[]>();
  const [result, setResult] = useState<ExportResult>();
  const [failure, setFailure] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [downloading, setDownloading] = useState<'csv' | 'xlsx'>();

  const fields = useQuery({ queryKey: ['model-export-fields', def.name], queryFn: () => fetchExportFields(def.name), enabled });
  useEffect(() => {
    if (fields.data && selected === undefined) setSelected(fields.data.map((field) => field.key));
  }, [fields.data, selected]);
  useEffect(() => {
    if (fields.error) onError(fields.error);
  }, [fields.error, onError]);

  const chosen = (fields.data ?? []).map((field) => field.key).filter((key) => selected?.includes(key));
  const label = t(def.labelPlural ?? `${def.label}s`);

  const run = async () => {
    setLoading(true);
    setFailure(undefined);
    setResult(undefined);
    try {
      const { count, lowerBound } = await countMatches(def.name, query);
      const small = !lowerBound && count <= CLIPBOARD_MAX_RECORDS;
      setResult({ count, lowerBound, csv: small ? await (await exportFile(def.name, query, chosen, 'csv')).text() : undefined });
    } catch (error) {
      onError(error);
      setFailure((error as { message?: string })?.message ?? String(error));
    } finally {
      setLoading(false);
    }
  };

  return {
    step,
    agreed,
    setAgreed,
    fields,
    selected: chosen,
    setSelected,
    result,
    failure,
    loading,
    downloading,
    back() {
      setStep((current) => (current > 0 ? ((current - 1) as ExportStep) : current));
    },
    next() {
      if (step === 0 && agreed) setStep(1);
      if (step === 1 && chosen.length > 0) {
        setStep(2);
        void run();
      }
    },
    retry: run,
    /** The API streams the file from the database; the browser saves it. */
    async download(format: 'csv' | 'xlsx') {
      setDownloading(format);
      try {
        downloadBlob(await exportFile(def.name, query, chosen, format), exportFileName(label, format));
      } catch (error) {
        onError(error);
        notification.error({ key: 'export-error', message: t('Could not export'), description: (error as { message?: string })?.message });
      } finally {
        setDownloading(undefined);
      }
    },
    async copy() {
      if (!result?.csv) return;
      if (await copyText(result.csv)) notification.success({ key: 'clipboard', message: t('Copied to clipboard') });
      else notification.warning({ key: 'clipboard', message: t('Could not copy to clipboard') });
    },
  };
}

export type ExportWizard = ReturnType<typeof useExportWizard>;
