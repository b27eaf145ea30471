import { Link } from 'react-router';
import { requireResource } from '../../definitions/screens';
import { useAccess } from '../../generic/use-access';
import { useFinanceAccess } from './use-finance-access';

/** The user of a finance row by name (or email), linking to the user page (finance admins see its payment details there). */
export function UserLink({ user }: { user?: { _id?: string; name?: { full?: string | null }; email?: { value?: string | null } } | null }) {
  const mayReadUsers = useAccess(requireResource('user')).read;
  const { isFinance } = useFinanceAccess();
  const label = user?.name?.full || user?.email?.value || '-';
  return user?._id && (mayReadUsers || isFinance) ? <Link to={`/company/user/${user._id}/edit`}>{label}</Link> : <>{label}</>;
}
