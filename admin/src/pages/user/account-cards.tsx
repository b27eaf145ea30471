import { Space } from 'antd';
import { GlobalPasswordCard } from './global-password-card';
import { OtherCard } from './other-card';
import { PushTokensCard } from './push-tokens-card';
import { TagCard } from './tag-card';
import type { UserDoc } from './users-api';

/** A super admin's cards beside a user's form: the tag, their own global password, push tokens, and the rest. */
export default function AccountCards({ userId, user, isYou }: { userId: string; user: UserDoc; isYou: boolean }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <TagCard userId={userId} user={user} />
      {isYou && <GlobalPasswordCard userId={userId} />}
      <PushTokensCard userId={userId} />
      <OtherCard userId={userId} user={user} />
    </Space>
  );
}
