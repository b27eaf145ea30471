import type { ResourceDef } from '@backoffice/resources';
import { useMemo } from 'react';
import { userMay } from '../providers/access-control';
import { isSuper } from '../providers/session';
import { useMe } from '../providers/use-me';

/** What the signed-in user may do on a resource, from the same rules as the access control provider. */
export function useAccess(def: ResourceDef) {
  const me = useMe();
  return useMemo(
    () => ({
      read: userMay(me, def.name, 'list'),
      create: userMay(me, def.name, 'create'),
      update: userMay(me, def.name, 'edit'),
      archive: def.archivable && userMay(me, def.name, 'archive'),
      remove: userMay(me, def.name, 'delete'),
      exportData: userMay(me, def.name, 'export'),
      importData: userMay(me, def.name, 'import'),
      patch: userMay(me, def.name, 'patch') && isSuper(me),
      isSuper: isSuper(me),
    }),
    [me, def],
  );
}
