import { UserOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { Link } from 'react-router';

export interface Recipient {
  name?: string;
  email?: string;
  phone?: string;
  userRef?: { userId?: string };
}

/** Recipient name and the address used, linking to the recipient's user page. */
export function RecipientCell({ to, address }: { to: unknown; address: 'email' | 'phone' }) {
  const recipients = (Array.isArray(to) ? to : []) as Recipient[];
  return (
    <Space direction="vertical" size={0}>
      {recipients.map((recipient, index) => {
        const name = recipient.name || recipient[address] || '-';
        const userId = recipient.userRef?.userId;
        return (
          <Space key={`${recipient[address]}-${index}`} direction="vertical" size={0} data-testid="recipient">
            {userId ? (
              <Link to={`/company/user/${userId}/edit`}>
                <UserOutlined /> {name}
              </Link>
            ) : (
              <Typography.Text>{name}</Typography.Text>
            )}
            <Typography.Text type="secondary" copyable={!!recipient[address]}>
              {recipient[address] ?? ''}
            </Typography.Text>
          </Space>
        );
      })}
    </Space>
  );
}
