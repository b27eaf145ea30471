import type { Doc } from '@backoffice/resources';
import { useForm } from '@refinedev/antd';
import { type BaseRecord, type HttpError, useTranslate, useWarnAboutChange } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { SAVE_ERROR, SAVE_SUCCESS } from '../../definitions/messages';
import type { ApiFieldError } from '../../providers/http';
import { useFormVersion } from '../history/use-form-version';
import { type EditedFields, editsAsFields, recordEdits } from './edited-fields';
import { useFormValidity } from './use-form-validity';

export interface GuardedFormOptions {
  resource: string;
  /** the record id, or 'create' */
  id: string;
  /** warns before leaving with unsaved changes (the definitions' `screens.leaveGuard`) */
  leaveGuard: boolean;
  onSaved(record: BaseRecord): void;
  /** the API's field errors of a refused save, to put on the form */
  onApiErrors(errors: ApiFieldError[]): void;
}

/**
 * Refine's form with the rules every edit screen shares: 'Successfully saved' or 'Error while saving'; a refused save
 * keeps the leave guard (Refine drops it when a save starts) and leaves no unhandled rejection; a record loaded again
 * after a side action (a domain endpoint, another tab) keeps what was typed on top of it, so Save never writes back a
 * stale copy; and `invalid` while any field shows a client-side error, so Save can wait for a valid form.
 */
export function useGuardedForm({ resource, id, leaveGuard, onSaved, onApiErrors }: GuardedFormOptions) {
  const t = useTranslate();
  const { setWarnWhen } = useWarnAboutChange();
  const isCreate = id === 'create';
  const edited = useRef<EditedFields>(new Map());
  const version = useFormVersion(resource, id, edited.current);
  const refine = useForm<BaseRecord, HttpError, Doc>({
    resource,
    action: isCreate ? 'create' : 'edit',
    id: isCreate ? undefined : id,
    redirect: false,
    warnWhenUnsavedChanges: leaveGuard,
    successNotification: () => ({ message: t(SAVE_SUCCESS), type: 'success', key: 'save' }),
    // a version conflict has its own dialog
    errorNotification: (error) => (error?.statusCode === 412 ? false : { message: t(SAVE_ERROR), description: error?.message, type: 'error', key: 'save' }),
    mutationMeta: version.mutationMeta,
    onMutationSuccess: ({ data }) => {
      edited.current.clear();
      onSaved(data);
    },
    onMutationError: (error) => {
      if (version.refused(error)) return;
      onApiErrors(((error as HttpError & { apiErrors?: ApiFieldError[] }).apiErrors ?? []).filter((entry) => entry?.field));
      recheckValidity();
    },
  });
  const { form, formProps, onFinish, query } = refine;
  const { invalid, onFieldsChange, recheck: recheckValidity } = useFormValidity(form);
  const record = query?.data?.data;
  version.holds(record, () => void query?.refetch());
  // runs after Refine's own reset to the record that arrived
  useEffect(() => {
    if (record && edited.current.size > 0) form.setFields(editsAsFields(edited.current) as never);
  }, [record, form]);

  /** Sends the body; false when the API refused it, the typed work still guarded. */
  const save = async (body: Doc): Promise<boolean> => {
    try {
      await onFinish(body);
      return true;
    } catch {
      if (leaveGuard) setWarnWhen(true);
      return false;
    }
  };
  const guardedFormProps = {
    ...formProps,
    onValuesChange: (changed: Doc, all: Doc) => {
      recordEdits(edited.current, changed, all);
      formProps.onValuesChange?.(changed, all);
    },
    onFieldsChange,
  };
  return { ...refine, formProps: guardedFormProps, save, invalid, recheckValidity };
}
