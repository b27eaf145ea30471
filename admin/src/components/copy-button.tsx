import { useTranslate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { copyText } from '../pages/model/csv';
import './row-button.css';
import './row-icons.css';

/** How long the button shows that it copied. */
const COPIED_MS = 3_000;

/**
 * Copies `text` to the clipboard, as antd's copyable text does (an icon in the link colour, a tick once copied),
 * drawn as one plain button for table rows (row-link in tables.css).
 */
export function CopyButton({ text }: { text: string }) {
  const t = useTranslate();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = copied ? t('Copied to clipboard') : t('Copy');
  return (
    <button type="button" className="row-link row-copy" title={label} aria-label={label} onClick={async () => setCopied(await copyText(text))}>
      <span className={`row-icon ${copied ? 'row-icon-check' : 'row-icon-copy'}`} aria-hidden="true" />
    </button>
  );
}
