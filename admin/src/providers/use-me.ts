import { useEffect, useState } from 'react';
import { currentMe, loadMe, type Me } from './session';

/** The signed-in user; available at once inside the authenticated layout. */
export function useMe(): Me | null {
  const [me, setMe] = useState(currentMe());
  useEffect(() => {
    if (!me) loadMe().then(setMe, () => setMe(null));
  }, [me]);
  return me;
}
