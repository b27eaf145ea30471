import { ResourceList } from '../../generic/list/generic-list-page';
import { requireResource } from '../../definitions/screens';

/** Editing manuals stays a super-admin table, apart from reading them. */
export default function TutorialManagePage() {
  return <ResourceList def={requireResource('tutorial')} />;
}
