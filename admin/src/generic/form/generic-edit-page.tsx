import { useTranslate } from '@refinedev/core';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader, type Crumb } from '../../components/page-header';
import { RecordHistory } from '../history/record-history';
import { listPath, pluralLabel, requireResource } from '../../definitions/screens';
import { ResourceEditForm, SaveButton } from './resource-edit-form';
import { type ResourceEditOptions, useResourceEdit } from './use-resource-edit';

export interface ResourceEditProps extends ResourceEditOptions {
  crumbs?: Crumb[];
}

/** The generated create and edit screen: fields from the definition, the shared rules before sending. */
export function ResourceEdit({ crumbs, ...options }: ResourceEditProps) {
  const t = useTranslate();
  const edit = useResourceEdit(options);
  const { def, isCreate } = edit;
  return (
    <>
      <PageHeader title={edit.title} crumbs={crumbs ?? [{ label: t(pluralLabel(def)), to: listPath(def) }, { label: isCreate ? t('buttons.create') : t('buttons.edit') }]} extra={<SaveButton edit={edit} />} />
      <Card>
        <ResourceEditForm edit={edit} />
      </Card>
      {!isCreate && <RecordHistory def={def} id={edit.id} />}
    </>
  );
}

/** `?preset=` (encoded JSON) gives a new record its first values, e.g. the video kind chosen on the dashboard. */
function presetOf(raw: string | null): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export default function GenericEditPage({ model }: { model: string }) {
  const { id = 'create' } = useParams();
  const [params] = useSearchParams();
  const preset = useMemo(() => presetOf(params.get('preset')), [params]);
  return <ResourceEdit key={`${model}-${id}`} def={requireResource(model)} id={id} defaults={preset} />;
}
