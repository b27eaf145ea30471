import { useTranslate } from '@refinedev/core';
import { Card } from 'antd';
import { useParams } from 'react-router';
import { PageHeader, type Crumb } from '../../components/page-header';
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
    </>
  );
}

export default function GenericEditPage({ model }: { model: string }) {
  const { id = 'create' } = useParams();
  return <ResourceEdit key={`${model}-${id}`} def={requireResource(model)} id={id} />;
}
