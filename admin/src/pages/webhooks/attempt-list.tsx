import type { WebhookDelivery } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { List, Tag, Typography } from 'antd';
import { formatIso } from '../../definitions/format';

/** A delivery's attempts, each with when, how long, and the endpoint's answer or why there was none. */
export function AttemptList({ delivery }: { delivery: WebhookDelivery }) {
  const t = useTranslate();
  return (
    <List
      size="small"
      dataSource={delivery.attempts}
      locale={{ emptyText: t('Not tried yet') }}
      renderItem={(attempt, index) => (
        <List.Item key={attempt.at} data-testid="webhook-attempt">
          <Typography.Text>
            {t('Attempt {{number}}', { number: index + 1 })}: {formatIso(attempt.at)} · {attempt.ms} ms ·{' '}
            {attempt.status !== null ? <Tag color={attempt.status < 300 ? 'green' : 'red'}>{attempt.status}</Tag> : <Tag color="red">{t('No answer')}</Tag>}
            <Typography.Text type="secondary">{attempt.error ?? attempt.body}</Typography.Text>
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
