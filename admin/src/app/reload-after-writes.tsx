import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onDomainWrite } from '../providers/http';

/**
 * Loads the records on screen again after a domain endpoint wrote (Refine reloads only after its own writes), so an
 * open form merges the change instead of saving a stale copy over it.
 */
export function ReloadAfterDomainWrites() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = onDomainWrite(() => void queryClient.invalidateQueries({ queryKey: ['data'] }));
    return () => void stop();
  }, [queryClient]);
  return null;
}
