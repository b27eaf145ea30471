import type { ReactNode } from 'react';
import './row-tag.css';

/** The colours a RowTag takes: antd's presets the admin uses. */
export type RowTagColor = 'default' | 'blue' | 'processing' | 'success' | 'cyan' | 'warning' | 'error';

/**
 * A tag in a table row or a card, looking like antd's Tag but drawn as one plain element: a page of rows has dozens
 * of tags, and antd's Tag brings a style hook, a wave effect and a close icon's machinery to each.
 */
export function RowTag({ color = 'default', children }: { color?: RowTagColor; children: ReactNode }) {
  return <span className={color === 'default' ? 'row-tag' : `row-tag row-tag-${color}`}>{children}</span>;
}
