import { useTranslate } from '@refinedev/core';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatUnix } from '../../definitions/format';
import { choiceLabel } from '../../definitions/screens';

export interface StateEntry {
  id?: string;
  put?: { at?: { unix?: number; date?: string } };
}

const COLORS: Record<string, string> = {
  Create: 'default',
  Sent: 'processing',
  Delivered: 'success',
  Opened: 'cyan',
  Rejected: 'warning',
  Failed: 'error',
  Expired: 'warning',
  'Delivery failed': 'error',
};

/**
 * The entries newest first: the history in reverse order of arrival (entries of the same second keep their
 * order, so no re-sort by time), headed by the current state `state.id` when the history does not end with it.
 */
export function historyNewestFirst(history: unknown, state: StateEntry | undefined): StateEntry[] {
  const entries = Array.isArray(history) ? [...(history as StateEntry[])].reverse() : [];
  if (!state?.id || entries[0]?.id === state.id) return entries;
  return [state, ...entries];
}

/**
 * A state with its history: the latest entry, and 'Click for full history' to reveal every entry. `labels`: the
 * state field's choice labels (an unlabelled state shows its id in words).
 */
export function StateHistory({ state, history, labels = {} }: { state?: StateEntry; history?: unknown; labels?: Readonly<Record<string, string>> }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const entries = historyNewestFirst(history, state);
  if (entries.length === 0) return <Typography.Text type="secondary">{t('No state id')}</Typography.Text>;
  const shown = open ? entries : entries.slice(0, 1);
  return (
    <Space direction="vertical" size={2} data-testid="state-history">
      {shown.map((entry, index) => {
        const label = entry.id ? choiceLabel({ choiceLabels: labels }, entry.id) : t('No state id');
        return (
          <Space key={`${entry.id}-${index}`} size={6} wrap data-testid="state-entry" style={{ opacity: index === 0 ? 1 : 0.75 }}>
            <Tag color={COLORS[label] ?? 'default'} style={{ marginInlineEnd: 0 }}>
              {t(label)}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatUnix(entry.put?.at?.unix) || entry.put?.at?.date}
            </Typography.Text>
          </Space>
        );
      })}
      {entries.length > 1 && !open && (
        <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => setOpen(true)}>
          {t('Click for full history')}
        </Button>
      )}
    </Space>
  );
}
