import { useOnError, useTranslate } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { type CsvTable, isCsvFile, parseCsv } from './csv';
import { type ImportStep, headersBlocked, removeRow, setCell, stepAfterValidation, withoutToleratedColumns } from './import-logic';
import { type ImportAnswer, type ImportMode, submitImport } from './transfer-api';

export const MESSAGES = {
  cannotContinue: 'Cannot continue',
  cannotContinueDetail: 'We still have unresovled problems, please fix them to continue. You might need to change the file and upload it again.',
  failed: 'We experienced an error, check the file and try again',
  validated: 'We validated your dataset and it looks great!',
  completed: 'Import completed!',
  patchCompleted: 'Patch completed!',
  oneCsvFile: 'Only one CSV file (text/csv) is accepted.',
};

/** The import and patch wizard's state: the parsed file, the last answer of the API and the step. */
export function useImportWizard(model: string, mode: ImportMode, base: Record<string, unknown> | undefined) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const { mutate: onError } = useOnError();
  const [step, setStep] = useState<ImportStep>(0);
  const [fileName, setFileName] = useState<string>();
  const [table, setTable] = useState<CsvTable>();
  const [answer, setAnswer] = useState<ImportAnswer>();
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState<'validating' | 'importing'>();
  const [imported, setImported] = useState(0);
  // the API checks a chunk of rows while it writes the one before, so both counts move
  const [progress, setProgress] = useState<{ validated: number; written: number; of: number }>();
  const submit = (file: CsvTable, validateOnly: boolean) => {
    setProgress({ validated: 0, written: 0, of: file.rows.length });
    return submitImport(model, mode, file, base, validateOnly, (next) => setProgress((counts) => counts && { ...counts, [next.stage]: next.rows }));
  };

  const fail = (error: unknown) => {
    onError(error);
    notification.error({ key: 'import-error', message: t(MESSAGES.failed), description: (error as { message?: string })?.message });
  };

  /** Validates without writing, without the tolerated columns, and goes to the step the answer calls for. */
  const validate = async (file: CsvTable, after?: (answer: ImportAnswer) => ImportStep) => {
    setBusy('validating');
    try {
      let next = file;
      let result = await submit(next, true);
      if (result.headerErrors.length > 0 && !headersBlocked(result.headerErrors)) {
        next = withoutToleratedColumns(next, result.headerErrors);
        result = await submit(next, true);
      }
      setTable(next);
      setAnswer(result);
      setStale(false);
      const target = after ? after(result) : stepAfterValidation(result);
      setStep(target);
      if (result.accepted && result.headerErrors.length === 0) notification.success({ key: 'import-validated', message: t(MESSAGES.validated) });
      return result;
    } catch (error) {
      fail(error);
      return undefined;
    } finally {
      setBusy(undefined);
    }
  };

  return {
    step,
    fileName,
    table,
    answer,
    stale,
    busy,
    /** what the API said it has done of the running request, while busy */
    progress,
    imported,
    /** Step 0: a single text/csv file, empty lines skipped. */
    async upload(file: File) {
      if (!isCsvFile(file)) {
        notification.error({ key: 'import-error', message: t(MESSAGES.failed), description: t(MESSAGES.oneCsvFile) });
        return;
      }
      let parsed: CsvTable;
      try {
        parsed = parseCsv(await file.text());
      } catch (error) {
        fail(error);
        return;
      }
      if (parsed.headers.length === 0 || parsed.rows.length === 0) {
        notification.error({ key: 'import-error', message: t(MESSAGES.failed), description: t('The file has no header line or no rows.') });
        return;
      }
      setFileName(file.name);
      await validate(parsed);
    },
    /** A drop of several files: only one is taken, so say so. */
    refuseFiles() {
      notification.error({ key: 'import-error', message: t(MESSAGES.failed), description: t(MESSAGES.oneCsvFile) });
    },
    /** Step 1: drops the ignored columns and validates again. */
    async continueFromHeaders() {
      if (!table || !answer) return;
      await validate(withoutToleratedColumns(table, answer.headerErrors), (result) => (headersBlocked(result.headerErrors) ? 1 : 2));
    },
    /** Step 2: checks the corrected rows again. */
    async revalidate() {
      if (table) await validate(table, (result) => (headersBlocked(result.headerErrors) ? 1 : 2));
    },
    continueToImport() {
      setStep(3);
    },
    editCell(row: number, column: number, value: string) {
      if (!table) return;
      setTable(setCell(table, row, column, value));
      setStale(true);
    },
    removeRow(index: number) {
      if (!table || !answer) return;
      const next = removeRow(table, answer.rowErrors, index);
      setTable(next.table);
      setAnswer({ ...answer, rowErrors: next.rowErrors });
    },
    /** Step 3: writes every row or none, then shows the result. */
    async runImport() {
      if (!table) return;
      setBusy('importing');
      try {
        const result = await submit(table, false);
        setAnswer(result);
        if (result.accepted) {
          setImported(result.count);
          setStep(4);
          notification.success({ key: 'import-completed', message: t(MESSAGES.completed) });
        } else {
          setStep(stepAfterValidation(result));
          notification.warning({ key: 'import-error', message: t(MESSAGES.cannotContinue), description: t(MESSAGES.cannotContinueDetail) });
        }
      } catch (error) {
        fail(error);
      } finally {
        setBusy(undefined);
      }
    },
    reset() {
      setStep(0);
      setTable(undefined);
      setAnswer(undefined);
      setFileName(undefined);
      setStale(false);
    },
  };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;
