import type { ResourceDef } from '@backoffice/resources';
import { useOnError, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { copyText, downloadBlob, downloadCsv, exportFileName } from './csv';
import { EXPORT_PAGE_SIZE, type TableQuery, collectIds, exportCsv, exportXlsx, fetchExportFields } from './transfer-api';

/** The API's page size cap for models that set none of their own. */
const API_DEFAULT_MAX_PAGE_SIZE = 1000;

export type ExportStep = 0 | 1 | 2;

interface ExportResult {
  ids: string[];
  csv: string;
  count: number;
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
  const [xlsxLoading, setXlsxLoading] = useState(false);

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
      const ids = await collectIds(def.name, query, Math.min(EXPORT_PAGE_SIZE, def.list.maxPageSize ?? API_DEFAULT_MAX_PAGE_SIZE));
      const { csv, count } = await exportCsv(def.name, ids, chosen);
      setResult({ ids, csv, count });
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
    xlsxLoading,
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
    downloadCsv() {
      if (result) downloadCsv(result.csv, exportFileName(label, 'csv'));
    },
    async downloadXlsx() {
      if (!result) return;
      setXlsxLoading(true);
      try {
        downloadBlob(await exportXlsx(def.name, result.ids, chosen), exportFileName(label, 'xlsx'));
      } catch (error) {
        onError(error);
        notification.error({ key: 'export-error', message: t('Could not export'), description: (error as { message?: string })?.message });
      } finally {
        setXlsxLoading(false);
      }
    },
    async copy() {
      if (!result) return;
      if (await copyText(result.csv)) notification.success({ key: 'clipboard', message: t('Copied to clipboard') });
      else notification.warning({ key: 'clipboard', message: t('Could not copy to clipboard') });
    },
  };
}

export type ExportWizard = ReturnType<typeof useExportWizard>;
