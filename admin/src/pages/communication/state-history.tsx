import { useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { RowTag, type RowTagColor } from '../../components/row-tag';
import { formatUnix } from '../../definitions/format';
import { choiceLabel } from '../../definitions/screens';

export interface StateEntry {
  id?: string;
  put?: { at?: { unix?: number; date?: string } };
}

const COLORS: Record<string, RowTagColor> = {
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
  if (entries.length === 0) return <span className="cell-secondary">{t('No state id')}</span>;
  const shown = open ? entries : entries.slice(0, 1);
  // plain elements: a page of 25 rows drew about 200 of antd's Space, Tag, Text and Button here
  return (
    <div className="cell-stack" data-testid="state-history">
      {shown.map((entry, index) => {
        const label = entry.id ? choiceLabel({ choiceLabels: labels }, entry.id) : t('No state id');
        return (
          <span key={`${entry.id}-${index}`} className="cell-inline" data-testid="state-entry" style={{ opacity: index === 0 ? 1 : 0.75 }}>
            <RowTag color={COLORS[label]}>{t(label)}</RowTag>
            <span className="cell-secondary cell-small">{formatUnix(entry.put?.at?.unix) || entry.put?.at?.date}</span>
          </span>
        );
      })}
      {entries.length > 1 && !open && (
        <button type="button" className="row-link" onClick={() => setOpen(true)}>
          {t('Click for full history')}
        </button>
      )}
    </div>
  );
}
