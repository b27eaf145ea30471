import { DEFAULT_PASSWORD_MIN_LENGTH, passwordProblem } from '@backoffice/resources';
import { useOne, useTranslate } from '@refinedev/core';
import type { Rule } from 'antd/es/form';
import { useMe } from '../../providers/use-me';

/** The password rule of the company (its minimum length), as a form rule; an empty password is left to `required`. */
export function usePasswordRule(): Rule {
  const t = useTranslate();
  const me = useMe();
  const { result: company } = useOne({ resource: 'company', id: me?.company._id, meta: { select: ['settings.userPasswordMinLength'] }, queryOptions: { enabled: !!me } });
  const minLength = Number((company as { settings?: { userPasswordMinLength?: number } } | undefined)?.settings?.userPasswordMinLength) || DEFAULT_PASSWORD_MIN_LENGTH;
  return {
    validator: (_, value) => {
      const problem = value ? passwordProblem(String(value), minLength) : null;
      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
    },
  };
}
