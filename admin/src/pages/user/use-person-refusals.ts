import { ADMIN_LIST_RIGHTS, type Doc, actOnPersonProblem, effectiveRights, fieldsByPath, personRights } from '@backoffice/resources';
import { useOne } from '@refinedev/core';
import { useMemo } from 'react';
import { requireResource } from '../../definitions/screens';
import { useMe } from '../../providers/use-me';

/**
 * What the API would refuse the signed-in admin on this person, by the one rule of who may act on whom:
 * `refusal` when they may not edit them at all (a user admin on an admin), `lock` for the credential and
 * rights fields of someone holding rights they lack.
 */
export function usePersonRefusals(userId: string): { refusal: string | null; lock: string[] } {
  const me = useMe();
  const { result: user } = useOne({ resource: 'user', id: userId });
  const { result: company } = useOne({ resource: 'company', id: me?.company._id, meta: { select: ADMIN_LIST_RIGHTS.map(([list]) => list) }, queryOptions: { enabled: !!me } });
  return useMemo(() => {
    if (!me || !user || !company) return { refusal: null, lock: [] };
    const actor = effectiveRights(me.rights);
    const target = personRights(user as Doc, userId, company as Doc);
    const guarded = (kind: 'credential' | 'rights') => [...fieldsByPath(requireResource('user'))].filter(([, field]) => field.guards === kind).map(([path]) => path);
    const lock = [
      ...(actOnPersonProblem(actor, target, 'credential') ? guarded('credential') : []),
      ...(actOnPersonProblem(actor, target, 'rights') ? guarded('rights') : []),
    ];
    return { refusal: actOnPersonProblem(actor, target, 'profile'), lock };
  }, [me, user, company, userId]);
}
