import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';

export interface Recipient {
  name?: string;
  email?: string;
  phone?: string;
  userRef?: { userId?: string };
}

/** Recipient name and the address used (copyable), linking to the recipient's user page; plain elements, one per row. */
export function RecipientCell({ to, address }: { to: unknown; address: 'email' | 'phone' }) {
  const recipients = (Array.isArray(to) ? to : []) as Recipient[];
  return (
    <div className="cell-stack">
      {recipients.map((recipient, index) => {
        const name = recipient.name || recipient[address] || '-';
        const userId = recipient.userRef?.userId;
        const value = recipient[address];
        return (
          <div key={`${value}-${index}`} className="cell-stack" data-testid="recipient">
            {userId ? (
              <Link to={`/company/user/${userId}/edit`}>
                <span className="row-icon row-icon-user" aria-hidden="true" /> {name}
              </Link>
            ) : (
              <span>{name}</span>
            )}
            <span className="cell-secondary">
              {value ?? ''}
              {value && <CopyButton text={value} />}
            </span>
          </div>
        );
      })}
    </div>
  );
}
