import { useTranslate } from '@refinedev/core';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** the spec's lazy item limit of the access item dropdown */
const ITEMS_AT_A_TIME = 100;

type Item = { _id: string; name?: { full?: string } };

/** Picks one item of a model for an access right, 100 at a time, searched by name. */
export function AccessItemSelect({ model, value, onChange }: { model: string; value?: string | null; onChange: (id: string | null) => void }) {
  const t = useTranslate();
  const [text, setText] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  useEffect(() => {
    const query = new URLSearchParams({ _end: String(ITEMS_AT_A_TIME), _sort: 'name.full', _select: '_id,name.full' });
    if (text.trim()) query.set('q', text.trim());
    const timer = setTimeout(() => void api<Item[]>(`/api/company/model/${model}`, { query }).then((answer) => setItems(answer.data), () => setItems([])), 300);
    return () => clearTimeout(timer);
  }, [model, text]);
  const options = items.map((item) => ({ value: item._id, label: item.name?.full || item._id }));
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      style={{ minWidth: 260 }}
      placeholder={t('Every item')}
      value={value ?? undefined}
      onSearch={setText}
      onChange={(id?: string) => onChange(id ?? null)}
      options={options}
    />
  );
}
