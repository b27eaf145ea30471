import { useTranslate } from '@refinedev/core';
import { Alert, Card, Empty, Typography } from 'antd';
import type { RenderedPreview } from './communication-api';

/**
 * The rendered template in a sandboxed frame: no scripts, no same-origin access, so whatever an author writes
 * cannot reach the admin. Notifications show their title and body as a phone would.
 */
export function TemplatePreview({ preview, error, kind }: { preview: RenderedPreview | null; error: string | null; kind: string }) {
  const t = useTranslate();
  return (
    <Card title={t('Preview')} style={{ position: 'sticky', top: 16 }}>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={error} data-testid="preview-error" />}
      {!preview ? (
        <Empty description={t('Nothing to preview yet')} />
      ) : (
        <>
          {kind !== 'sms' && (
            <Typography.Paragraph>
              <Typography.Text type="secondary">{t(kind === 'notification' ? 'Title' : 'Subject')}: </Typography.Text>
              <Typography.Text strong data-testid="preview-subject">{preview.subject}</Typography.Text>
            </Typography.Paragraph>
          )}
          <iframe title={t('Preview')} sandbox="" srcDoc={preview.html} data-testid="preview-frame" style={{ width: '100%', height: 640, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' }} />
        </>
      )}
    </Card>
  );
}
