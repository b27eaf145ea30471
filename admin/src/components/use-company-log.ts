import { effectiveRights, type Right } from '@backoffice/resources';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useMe } from '../providers/use-me';

export const LOG_PAGE_SIZE = 20;

/**
 * A log of the company for company and super admins (activity, webhook deliveries): its page, the filters narrowing it
 * (a change goes back to the first page) and the page's query, asked only of those who may read it.
 */
export function useCompanyLog<Filter extends object, Page>(
  key: string,
  fetch: (start: number, end: number, filter: Filter) => Promise<Page>,
  options: { refetchInterval?: number } = {},
) {
  const me = useMe();
  const rights: ReadonlySet<Right> = useMemo(() => effectiveRights(me?.rights ?? []), [me]);
  const allowed = rights.has('company') || rights.has('super');
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>({} as Filter);
  const query = useQuery({
    queryKey: [key, filter, page],
    queryFn: () => fetch((page - 1) * LOG_PAGE_SIZE, page * LOG_PAGE_SIZE, filter),
    enabled: allowed,
    placeholderData: (previous) => previous,
    refetchInterval: options.refetchInterval,
  });
  const narrow = (change: Partial<Filter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
  };
  return { rights, denied: !!me && !allowed, page, setPage, filter, narrow, query };
}
