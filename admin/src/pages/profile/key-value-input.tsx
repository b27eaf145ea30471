import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Flex, Input } from 'antd';

type Entry = [string, string];

/** Text stays text; true, false and numbers become what they say. */
function parsed(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A free settings object as rows of name and value, instead of JSON text. */
export function KeyValueInput({ value, onChange, label }: { value?: Record<string, unknown> | null; onChange?: (next: Record<string, unknown>) => void; label: string }) {
  const t = useTranslate();
  const entries: Entry[] = Object.entries(value ?? {}).map(([key, item]) => [key, shown(item)]);
  const emit = (next: Entry[]) => onChange?.(Object.fromEntries(next.map(([key, text]) => [key, parsed(text)])));
  return (
    <Flex vertical gap={8} data-testid={`key-value-${label}`}>
      {entries.map(([key, text], index) => (
        <Flex key={index} gap={8}>
          <Input aria-label={t('Setting name')} placeholder={t('Setting name')} value={key} onChange={(e) => emit(entries.map((entry, at) => (at === index ? [e.target.value, entry[1]] : entry)))} />
          <Input aria-label={t('Value')} placeholder={t('Value')} value={text} onChange={(e) => emit(entries.map((entry, at) => (at === index ? [entry[0], e.target.value] : entry)))} />
          <Button aria-label={t('Remove')} icon={<DeleteOutlined />} onClick={() => emit(entries.filter((_, at) => at !== index))} />
        </Flex>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => emit([...entries, [`setting${entries.length + 1}`, '']])} style={{ alignSelf: 'flex-start' }}>
        {t('Add setting')}
      </Button>
    </Flex>
  );
}
