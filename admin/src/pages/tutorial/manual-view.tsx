import { useTranslate } from '@refinedev/core';
import { Button, Flex, Typography } from 'antd';
import type { Manual } from './manuals';
import { SafeHtml } from './safe-html';

/** One manual: title, description, its HTML content (sanitised) and 'Next tutorial'. */
export function ManualView({ manual, next, onNext }: { manual: Manual; next: Manual | null; onNext: (manual: Manual) => void }) {
  const t = useTranslate();
  return (
    <article data-testid="manual-view">
      <Typography.Title level={3}>{manual.name?.full}</Typography.Title>
      {manual.name?.description && <Typography.Paragraph type="secondary">{manual.name.description}</Typography.Paragraph>}
      <SafeHtml html={manual.content?.en ?? ''} />
      <Flex justify="flex-end" style={{ marginTop: 24 }}>
        {next && <Button type="primary" onClick={() => onNext(next)}>{t('Next tutorial')}</Button>}
      </Flex>
    </article>
  );
}
