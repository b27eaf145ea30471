import { type Doc, getPath, type ResourceDef, withDefaults } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { listPath } from '../../definitions/screens';
import { safeReturnPath } from '../../providers/auth-provider';
import type { ApiFieldError } from '../../providers/http';
import { useMe } from '../../providers/use-me';
import { useAccess } from '../use-access';
import { formFields } from './field-rules';
import { checkedBody, isOnForm, toFormError, undrawnErrors, withHeldFields } from './prepare-values';
import { useGuardedForm } from './use-guarded-form';

export interface ResourceEditOptions {
  def: ResourceDef;
  /** the record id, or 'create' */
  id: string;
  /** values a new record starts with (besides the definition's defaults) */
  defaults?: Doc;
  /** where to go after saving; `?to=` or the list by default */
  backTo?: string;
  hide?: readonly string[];
  /**
   * What the API would refuse the user on the record once it is in: `lock`, fields shown but not editable here (e.g.
   * another admin's email), and `refusal`, why the record cannot be saved at all, shown above the form.
   */
  refusals?: (record: Doc | undefined) => RecordRefusals;
}

export interface RecordRefusals {
  lock: readonly string[];
  refusal: string | null;
}

/** Nothing refused: every field editable, the record savable. */
export const NO_REFUSALS: RecordRefusals = { lock: [], refusal: null };

export type ResourceEditState = ReturnType<typeof useResourceEdit>;

/**
 * The state of a generated create or edit form: the record, the shared rules before sending, API field errors
 * on their fields (the others apart), the leave-guard of the definition, and the way back after saving.
 */
export function useResourceEdit({ def, id, defaults = {}, backTo, hide: pageHides, refusals }: ResourceEditOptions) {
  const hide = useMemo(() => [...(pageHides ?? []), ...(def.screens?.formHides ?? [])], [pageHides, def]);
  const t = useTranslate();
  const me = useMe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const may = useAccess(def);
  const [otherErrors, setOtherErrors] = useState<ApiFieldError[]>([]);
  const isCreate = id === 'create';
  const target = params.get('to') ? safeReturnPath(params.get('to')) : backTo ?? listPath(def);
  const { formProps, form, save, invalid, formLoading, query } = useGuardedForm({
    resource: def.name,
    id,
    leaveGuard: !!def.screens?.leaveGuard,
    onSaved: () => navigate(target),
    onApiErrors: (apiErrors) => {
      const known = apiErrors.filter((entry) => isOnForm(def, entry.field, hide));
      form.setFields(known.map(toFormError));
      setOtherErrors(apiErrors.filter((entry) => !known.includes(entry)));
    },
  });
  const initialValues = useMemo(() => (isCreate ? withDefaults(def, defaults) : formProps.initialValues), [isCreate, def, defaults, formProps.initialValues]);
  const submit = async (values: Doc) => {
    setOtherErrors([]);
    const held = formFields(def, hide).map((field) => field.path);
    const { body, errors } = checkedBody(def, withHeldFields(values, held, form), me?.rights ?? [], form);
    if (errors.length > 0) {
      setOtherErrors(undrawnErrors(def, errors, form, t));
      return form.scrollToField(errors[0].name);
    }
    await save(body);
  };
  const record = query?.data?.data;
  const { lock, refusal } = useMemo(() => refusals?.(record) ?? NO_REFUSALS, [refusals, record]);
  const name = record ? getPath(record, def.titlePath) : undefined;
  const title = isCreate ? t('Create {{model}}', { model: t(def.label).toLowerCase() }) : typeof name === 'string' && name ? name : t('Edit {{model}}', { model: t(def.label).toLowerCase() });
  return {
    def,
    id,
    hide,
    lock,
    refusal,
    isCreate,
    record,
    title,
    canSave: (isCreate ? may.create : may.update) && !refusal && !invalid,
    saving: formLoading,
    form,
    formProps,
    initialValues,
    submit,
    query,
    otherErrors,
  };
}
