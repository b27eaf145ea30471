import { SaveOutlined } from '@ant-design/icons';
import { type HttpError, useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Spin } from 'antd';
import { SAVE_ERROR } from '../../definitions/messages';
import { ResourceFormFields } from './resource-form-fields';
import type { ResourceEditState } from './use-resource-edit';

/** The header's Save button: submits the form of `useResourceEdit`. */
export function SaveButton({ edit }: { edit: ResourceEditState }) {
  const t = useTranslate();
  return (
    <Button type="primary" icon={<SaveOutlined />} loading={edit.saving} disabled={!edit.canSave} onClick={() => edit.form.submit()} data-testid="save">
      {t('buttons.save')}
    </Button>
  );
}

/** The generated form of `useResourceEdit`: load and save errors, one widget per field, Save at the end. */
export function ResourceEditForm({ edit }: { edit: ResourceEditState }) {
  const t = useTranslate();
  const { query, otherErrors } = edit;
  return (
    <Spin spinning={!!query?.isLoading}>
      {edit.refusal && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t(edit.refusal)} data-testid="edit-refusal" />}
      {query?.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={(query.error as HttpError)?.message} />}
      {otherErrors.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t(SAVE_ERROR)} description={otherErrors.map((entry) => <div key={entry.field}>{entry.message}</div>)} />}
      <Form {...edit.formProps} initialValues={edit.initialValues} onFinish={edit.submit} layout="vertical" scrollToFirstError style={{ maxWidth: 1100 }}>
        <ResourceFormFields def={edit.def} id={edit.isCreate ? undefined : edit.id} hide={edit.hide} lock={edit.lock} loading={!!query?.isLoading} refused={!!edit.refusal} />
        <Button type="primary" icon={<SaveOutlined />} loading={edit.saving} disabled={!edit.canSave} htmlType="submit">
          {t('buttons.save')}
        </Button>
      </Form>
    </Spin>
  );
}
