import { populatedModel, type ResourceDef } from '@backoffice/resources';
import { useMemo } from 'react';
import { userMay } from '../../providers/access-control';
import type { Me } from '../../providers/session';
import { useMe } from '../../providers/use-me';

/**
 * The populates of a list that the signed-in user may read: the API refuses a whole list that populates a model
 * its reader may not read (a finance admin and the products of transactions), so those are left out.
 */
export function readablePopulates(def: ResourceDef, populates: readonly string[], me: Me | null): string[] {
  return populates.filter((populate) => {
    const model = populatedModel(def, populate);
    return !model || userMay(me, model, 'read');
  });
}

/** `readablePopulates` for the signed-in user, the same list between renders. */
export function useReadablePopulates(def: ResourceDef, populates: readonly string[]): string[] {
  const me = useMe();
  const key = populates.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => readablePopulates(def, populates, me), [def, key, me]);
}
