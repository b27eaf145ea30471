import { findResource, type ResourceDef } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { listPath } from '../../definitions/screens';
import { useAccess } from '../../generic/use-access';
import { HeaderStep } from './header-step';
import { ImportFieldsCard } from './import-fields-card';
import { ImportProgressBars } from './import-progress';
import { baseValues, headersBlocked, jsonParam } from './import-logic';
import { ImportStep, ResultStep } from './import-steps';
import { fetchImportFields, type ImportMode } from './transfer-api';
import { UploadStep } from './upload-step';
import { useImportWizard } from './use-import-wizard';
import { ValidateStep } from './validate-step';
import { UnknownModel, upperFirst, WizardFrame, WizardRefused } from './wizard-frame';

function ImportWizardPage({ def, mode }: { def: ResourceDef; mode: ImportMode }) {
  const t = useTranslate();
  const may = useAccess(def);
  const allowed = mode === 'patch' ? may.patch : may.importData;
  const [params] = useSearchParams();
  const importCsvBase = params.get('importCsvBase');
  const instance = params.get('modelInstance');
  const fields = useQuery({ queryKey: ['model-import-fields', def.name, mode], queryFn: () => fetchImportFields(def.name, mode), enabled: allowed });
  const modelInstance = useMemo(() => jsonParam(instance), [instance]);
  const base = useMemo(() => baseValues(fields.data ?? [], jsonParam(importCsvBase), modelInstance), [fields.data, importCsvBase, modelInstance]);
  const wizard = useImportWizard(def.name, mode, mode === 'import' ? base : undefined);
  if (!allowed) return <WizardRefused def={def} />;

  const { step, answer, busy } = wizard;
  const model = t(def.label).toLowerCase();
  const patch = mode === 'patch';
  const again = <Button disabled={!!busy} onClick={wizard.reset}>{t('Upload another file')}</Button>;
  const rowsOpen = (answer?.rowErrors.length ?? 0) > 0 || wizard.stale;
  const footer =
    step === 1 ? (
      <>
        {again}
        <Button type="primary" loading={busy === 'validating'} disabled={headersBlocked(answer?.headerErrors ?? [])} onClick={() => void wizard.continueFromHeaders()}>
          {t('Continue')}
        </Button>
      </>
    ) : step === 2 ? (
      <>
        {again}
        <Space>
          {rowsOpen && <Button loading={busy === 'validating'} onClick={() => void wizard.revalidate()}>{t('Validate again')}</Button>}
          <Button type="primary" disabled={rowsOpen || !!busy} onClick={wizard.continueToImport}>{t('Continue')}</Button>
        </Space>
      </>
    ) : step === 3 ? (
      again
    ) : undefined;

  return (
    <WizardFrame
      def={def}
      title={upperFirst(patch ? t('Patch {{model}}', { model }) : t('Import {{model}}', { model }))}
      crumb={patch ? t('Patch') : t('Import')}
      steps={[t('Upload CSV'), t('Check headers'), t('Validate'), patch ? t('Patch') : t('Import'), t('Result')]}
      current={step}
      footer={footer}
      aside={step < 3 && <ImportFieldsCard model={def.name} mode={mode} fields={fields.data ?? []} loading={fields.isLoading} base={base} modelInstance={modelInstance} />}
    >
      <ImportProgressBars wizard={wizard} />
      {step === 0 && <UploadStep wizard={wizard} />}
      {step === 1 && <HeaderStep wizard={wizard} />}
      {step === 2 && <ValidateStep wizard={wizard} />}
      {step === 3 && <ImportStep wizard={wizard} patch={patch} />}
      {step === 4 && <ResultStep wizard={wizard} listTo={listPath(def)} patch={patch} />}
    </WizardFrame>
  );
}

/**
 * /company/model/{model}/import, /import/patch and /patch: upload CSV, check headers, validate, import, result
 * (spec part 2 section 2). Patch is for super admins only.
 */
export default function ModelImportPage() {
  const { model = '' } = useParams();
  const { pathname } = useLocation();
  const mode: ImportMode = /\/patch\/?$/.test(pathname) ? 'patch' : 'import';
  const def = findResource(model);
  return def ? <ImportWizardPage key={`${def.name}-${mode}`} def={def} mode={mode} /> : <UnknownModel model={model} />;
}
