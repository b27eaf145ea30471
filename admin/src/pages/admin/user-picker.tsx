import { useTranslate } from '@refinedev/core';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { type UserDoc, usersApi } from '../user/users-api';

const labelOf = (user: UserDoc) => `${user.name?.full ?? ''} <${user.email?.value ?? ''}>`.trim();

/** Finds a user by name or email (300 ms after typing stops) and hands the chosen one over. */
export function UserPicker({ onPick, exclude = [], placeholder }: { onPick: (user: UserDoc) => void; exclude?: readonly string[]; placeholder?: string }) {
  const t = useTranslate();
  const [text, setText] = useState('');
  const [found, setFound] = useState<UserDoc[]>([]);
  useEffect(() => {
    if (!text.trim()) return setFound([]);
    const timer = setTimeout(() => void usersApi.search(text).then(setFound, () => setFound([])), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Select
      showSearch
      filterOption={false}
      value={null}
      style={{ minWidth: 320 }}
      placeholder={placeholder ?? t('Add user (search by name or email)')}
      data-testid="user-picker"
      onSearch={setText}
      onChange={(id: string) => {
        const user = found.find((candidate) => candidate._id === id);
        if (user) onPick(user);
        setText('');
      }}
      options={found.filter((user) => !exclude.includes(user._id)).map((user) => ({ value: user._id, label: labelOf(user) }))}
      notFoundContent={text ? t('No users found') : null}
    />
  );
}
