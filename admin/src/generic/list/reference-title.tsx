import { findResource } from '@backoffice/resources';
import { type BaseRecord, useOne } from '@refinedev/core';
import { Typography } from 'antd';
import { recordTitle, titleQuery } from '../../definitions/screens';
import { userMay } from '../../providers/access-control';
import { useMe } from '../../providers/use-me';

/**
 * The title of the record a reference names, where the record was not populated with it (a filter's value, a
 * form's read-only reference): loaded by itself; a dash where the reader may not read that model, never the id.
 */
export function ReferenceTitle({ resource, id }: { resource: string; id: string }) {
  const target = findResource(resource);
  const may = userMay(useMe(), resource, 'read');
  const { result, query } = useOne<BaseRecord>({
    resource,
    id,
    meta: target ? titleQuery(target) : {},
    queryOptions: { enabled: !!target && may, staleTime: 60_000 },
  });
  const title = result && target ? recordTitle(target, result) : '';
  if (title) return <>{title}</>;
  return <Typography.Text type="secondary">{query.isLoading && may ? '…' : '—'}</Typography.Text>;
}
