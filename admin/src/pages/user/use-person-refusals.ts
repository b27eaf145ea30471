import { ADMIN_LIST_RIGHTS, type Doc, actOnPersonProblem, effectiveRights, fieldsByPath, personRights } from '@backoffice/resources';
import { useOne } from '@refinedev/core';
import { useCallback } from 'react';
import { requireResource } from '../../definitions/screens';
import { NO_REFUSALS, type RecordRefusals } from '../../generic/form/use-resource-edit';
import { useMe } from '../../providers/use-me';

/**
 * What the API would refuse the signed-in admin on a person, by the one rule of who may act on whom, for the user
 * record the edit form read: `refusal` when they may not edit them at all (a user admin on an admin), `lock` for the
 * credential and rights fields of someone holding rights they lack.
 */
export function usePersonRefusals(userId: string): (user: Doc | undefined) => RecordRefusals {
  const me = useMe();
  const { result: company } = useOne({ resource: 'company', id: me?.company._id, meta: { select: ADMIN_LIST_RIGHTS.map(([list]) => list) }, queryOptions: { enabled: !!me } });
  return useCallback(
    (user) => {
      if (!me || !user || !company) return NO_REFUSALS;
      const actor = effectiveRights(me.rights);
      const target = personRights(user, userId, company as Doc);
      const guarded = (kind: 'credential' | 'rights') => [...fieldsByPath(requireResource('user'))].filter(([, field]) => field.guards === kind).map(([path]) => path);
      const lock = [
        ...(actOnPersonProblem(actor, target, 'credential') ? guarded('credential') : []),
        ...(actOnPersonProblem(actor, target, 'rights') ? guarded('rights') : []),
      ];
      return { refusal: actOnPersonProblem(actor, target, 'profile'), lock };
    },
    [me, company, userId],
  );
}
