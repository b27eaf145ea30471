import { findResource, resolveField, type ResourceDef } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { labelOf } from '../../definitions/screens';
import { FieldValue } from '../../generic/list/field-value';
import { useAccess } from '../../generic/use-access';
import { ExportStep, FieldsStep, PrivacyStep } from './export-steps';
import { appliedFilters } from '../../providers/list-query';
import { readTableQuery, type TableQuery } from './transfer-api';
import { useExportWizard } from './use-export-wizard';
import { UnknownModel, upperFirst, WizardFrame, WizardRefused } from './wizard-frame';

const OPERATORS: Record<string, string> = { eq: '=', ne: '≠', gte: '≥', lte: '≤', contains: '~', in: '∈' };

/** A filter's value as the list shows it: a time formatted, a choice or reference by its name, yes or no. */
function FilterValue({ def, field, value }: { def: ResourceDef; field: string; value: unknown }) {
  const shown = resolveField(def, field);
  const values = Array.isArray(value) ? value : [value];
  const typed = (item: unknown) => (shown?.kind === 'unixTime' || shown?.kind === 'money' || shown?.kind === 'number') && typeof item === 'string' && /^-?\d+$/.test(item) ? Number(item) : shown?.kind === 'boolean' && typeof item === 'string' ? item === 'true' : item;
  return (
    <>
      {values.map((item, index) => (
        <span key={index}>
          {index > 0 && ', '}
          {field === 'q' ? String(item) : <FieldValue field={shown} value={typed(item)} />}
        </span>
      ))}
    </>
  );
}

/** Which records the export takes: the filters of the list it came from. */
function QuerySummary({ def, query }: { def: ResourceDef; query: TableQuery }) {
  const t = useTranslate();
  // what the export is narrowed by: a search too short to be sent is not shown as one
  const filters = appliedFilters(query.filters);
  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="export-query">
      <Typography.Text type="secondary">{filters.length ? t('Records matching:') : t('All records')}</Typography.Text>
      {filters.map((filter) => (
        <Tag key={`${filter.field}-${filter.operator}`}>
          {filter.field === 'q' ? t('Search') : t(labelOf(def, filter.field))} {OPERATORS[filter.operator] ?? filter.operator}{' '}
          <FilterValue def={def} field={filter.field} value={filter.value} />
        </Tag>
      ))}
    </Space>
  );
}

function ExportWizardPage({ def }: { def: ResourceDef }) {
  const t = useTranslate();
  const may = useAccess(def);
  const [params] = useSearchParams();
  const q = params.get('q');
  const query = useMemo(() => readTableQuery(q), [q]);
  const wizard = useExportWizard(def, query, may.exportData);
  if (!may.exportData) return <WizardRefused def={def} />;
  const { step } = wizard;
  const nextDisabled = step === 0 ? !wizard.agreed : wizard.selected.length === 0;
  const title = upperFirst(t('Export {{model}}', { model: t(def.labelPlural ?? def.label).toLowerCase() }));
  return (
    <WizardFrame
      def={def}
      title={title}
      crumb={t('Export')}
      steps={[t('Privacy'), t('Pick fields'), t('Export')]}
      current={step}
      footer={
        <>
          <Button disabled={step === 0 || wizard.loading} onClick={wizard.back}>{t('Back')}</Button>
          {step < 2 && <Button type="primary" disabled={nextDisabled} onClick={wizard.next}>{t('Next')}</Button>}
        </>
      }
    >
      <QuerySummary def={def} query={query} />
      {step === 0 && <PrivacyStep wizard={wizard} />}
      {step === 1 && <FieldsStep wizard={wizard} />}
      {step === 2 && <ExportStep wizard={wizard} />}
    </WizardFrame>
  );
}

/** /company/model/{model}/export: privacy warning, pick fields, export (spec part 2 section 2). */
export default function ModelExportPage() {
  const { model = '' } = useParams();
  const def = findResource(model);
  return def ? <ExportWizardPage key={def.name} def={def} /> : <UnknownModel model={model} />;
}
