import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../providers/auth-provider';
import { EventQuickCreate } from './event-quick-create';

/** /company/event/create/edit: creating an event starts with the quick-create wizard, not the full form. */
export default function EventCreatePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = params.get('to') ? safeReturnPath(params.get('to')) : '/company/event';
  return <EventQuickCreate open onClose={() => navigate(back)} returnTo={params.get('to') ? back : undefined} />;
}
