import { useQuery } from '@tanstack/react-query';
import { api } from '../../providers/http';
import type { Manual } from './manuals';

/** Every manual, read once: there are tens, so search and grouping run in the browser. */
export function useManuals() {
  return useQuery({
    queryKey: ['manuals'],
    queryFn: async () => (await api<Manual[]>('/api/company/model/tutorial', { query: '_start=0&_end=1000&_sort=name.full&_order=asc&meta.archived=false' })).data,
  });
}
