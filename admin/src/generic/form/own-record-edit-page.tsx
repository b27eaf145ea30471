import { requireResource } from '../../definitions/screens';
import { useMe } from '../../providers/use-me';
import { ResourceEdit } from './generic-edit-page';
import { PageLoading } from '../../app/page-loading';

/** A platform model's screen (the company itself): the edit form of the signed-in company, not a list. */
export default function OwnRecordEditPage({ model }: { model: string }) {
  const me = useMe();
  const def = requireResource(model);
  if (!me) return <PageLoading />;
  return <ResourceEdit key={me.company._id} def={def} id={me.company._id} backTo={def.screens?.route} crumbs={[{ label: def.label }]} />;
}
