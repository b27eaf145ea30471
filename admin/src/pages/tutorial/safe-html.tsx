import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML written by admins, shown after DOMPurify removed scripts, event handlers and other active content. */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className="safe-html" data-testid="safe-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}
