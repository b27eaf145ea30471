import { SaveOutlined } from '@ant-design/icons';
import { type Doc, getPath, type ResourceDef, withDefaults } from '@backoffice/resources';
import { useForm } from '@refinedev/antd';
import { type BaseRecord, type HttpError, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader, type Crumb } from '../../components/page-header';
import { SAVE_ERROR, SAVE_SUCCESS } from '../../definitions/messages';
import { listPath, pluralLabel, requireResource } from '../../definitions/screens';
import type { ApiFieldError } from '../../providers/http';
import { safeReturnPath } from '../../providers/auth-provider';
import { useMe } from '../../providers/use-me';
import { useAccess } from '../use-access';
import { bodyFromValues, formErrors, isOnForm, toFormError } from './prepare-values';
import { ResourceFormFields } from './resource-form-fields';

export interface ResourceEditProps {
  def: ResourceDef;
  /** the record id, or 'create' */
  id: string;
  /** values a new record starts with (besides the definition's defaults) */
  defaults?: Doc;
  /** where to go after saving; `?to=` or the list by default */
  backTo?: string;
  crumbs?: Crumb[];
  hide?: readonly string[];
}

/** The generated create and edit screen: fields from the definition, the shared rules before sending. */
export function ResourceEdit({ def, id, defaults = {}, backTo, crumbs, hide }: ResourceEditProps) {
  const t = useTranslate();
  const me = useMe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const may = useAccess(def);
  const [otherErrors, setOtherErrors] = useState<ApiFieldError[]>([]);
  const isCreate = id === 'create';
  const target = params.get('to') ? safeReturnPath(params.get('to')) : backTo ?? listPath(def);
  const { formProps, form, onFinish, formLoading, query } = useForm<BaseRecord, HttpError, Doc>({
    resource: def.name,
    action: isCreate ? 'create' : 'edit',
    id: isCreate ? undefined : id,
    redirect: false,
    warnWhenUnsavedChanges: !!def.screens?.leaveGuard,
    successNotification: () => ({ message: t(SAVE_SUCCESS), type: 'success', key: 'save' }),
    errorNotification: (error) => ({ message: t(SAVE_ERROR), description: error?.message, type: 'error', key: 'save' }),
    onMutationSuccess: () => navigate(target),
    onMutationError: (error) => {
      const apiErrors = ((error as HttpError & { apiErrors?: ApiFieldError[] }).apiErrors ?? []).filter((entry) => entry?.field);
      const known = apiErrors.filter((entry) => isOnForm(def, entry.field, hide));
      form.setFields(known.map(toFormError));
      setOtherErrors(apiErrors.filter((entry) => !known.includes(entry)));
    },
  });
  const initialValues = useMemo(() => (isCreate ? withDefaults(def, defaults) : formProps.initialValues), [isCreate, def, defaults, formProps.initialValues]);
  const submit = async (values: Doc) => {
    setOtherErrors([]);
    const body = bodyFromValues(def, values, me?.rights ?? []);
    const errors = formErrors(def, body);
    if (errors.length) {
      form.setFields(errors);
      form.scrollToField(errors[0].name);
      return;
    }
    await onFinish(body);
  };
  const record = query?.data?.data;
  const name = record ? getPath(record, def.titlePath) : undefined;
  const title = isCreate ? t('Create {{model}}', { model: t(def.label).toLowerCase() }) : typeof name === 'string' && name ? name : t('Edit {{model}}', { model: t(def.label).toLowerCase() });
  const canSave = isCreate ? may.create : may.update;
  const saveButton = (
    <Button type="primary" icon={<SaveOutlined />} loading={formLoading} disabled={!canSave} onClick={() => form.submit()} data-testid="save">
      {t('buttons.save')}
    </Button>
  );
  return (
    <>
      <PageHeader title={title} crumbs={crumbs ?? [{ label: t(pluralLabel(def)), to: listPath(def) }, { label: isCreate ? t('buttons.create') : t('buttons.edit') }]} extra={saveButton} />
      <Card>
        <Spin spinning={!!query?.isLoading}>
          {query?.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={(query.error as HttpError)?.message} />}
          {otherErrors.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t(SAVE_ERROR)} description={otherErrors.map((entry) => <div key={entry.field}>{entry.message}</div>)} />}
          <Form {...formProps} initialValues={initialValues} onFinish={submit} layout="vertical" scrollToFirstError style={{ maxWidth: 1100 }}>
            <ResourceFormFields def={def} id={isCreate ? undefined : id} hide={hide} />
            <Button type="primary" icon={<SaveOutlined />} loading={formLoading} disabled={!canSave} htmlType="submit">
              {t('buttons.save')}
            </Button>
          </Form>
        </Spin>
      </Card>
    </>
  );
}

export default function GenericEditPage({ model }: { model: string }) {
  const { id = 'create' } = useParams();
  return <ResourceEdit key={`${model}-${id}`} def={requireResource(model)} id={id} />;
}
