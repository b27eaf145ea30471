import { WEBHOOK_DELIVERY_STATES, type WebhookDelivery, findResource } from '@backoffice/resources';
import { type HttpError, useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import NoAccess from '../../app/no-access';
import { ClosedSelect } from '../../components/closed-select';
import { PageHeader } from '../../components/page-header';
import { LOG_PAGE_SIZE, useCompanyLog } from '../../components/use-company-log';
import { Link } from 'react-router';
import { formatIso } from '../../definitions/format';
import { editPath, pluralLabel } from '../../definitions/screens';
import { ReferenceFilter } from '../../generic/list/reference-filter';
import { AttemptList } from './attempt-list';
import { webhookApi } from './webhook-api';

const STATES: Record<WebhookDelivery['state'], { label: string; color: string }> = { pending: { label: 'Pending', color: 'gold' }, delivered: { label: 'Delivered', color: 'green' }, failed: { label: 'Failed', color: 'red' } };

/** The record a delivery tells of, as a link to its screen under its model's name: never its id. */
function DeliveryRecord({ delivery }: { delivery: WebhookDelivery }) {
  const t = useTranslate();
  const def = findResource(delivery.type.split('.')[0]) ?? (delivery.type.startsWith('batch.') ? undefined : findResource('payment'));
  if (!delivery.recordId || !def) return <>-</>;
  const label = t(pluralLabel(def));
  return def.screens && !delivery.type.endsWith('.deleted') ? <Link to={editPath(def, delivery.recordId)}>{label}</Link> : <>{label}</>;
}

/**
 * The delivery log of the company's webhook endpoints (company and super admins): what was sent to which endpoint,
 * newest first, every attempt with the endpoint's answer, and a delivery sent again on request.
 */
export default function WebhookDeliveriesPage() {
  const t = useTranslate();
  const { denied, page, setPage, filter, narrow, query: deliveries } = useCompanyLog<{ webhookId?: string; state?: string }, Awaited<ReturnType<typeof webhookApi.deliveries>>>('webhook-deliveries', webhookApi.deliveries, { refetchInterval: 5000 });
  const retry = useMutation({ mutationFn: webhookApi.retry, onSuccess: () => deliveries.refetch() });
  if (denied) return <NoAccess rights={['company']} />;
  const error = (deliveries.error ?? retry.error) as unknown as HttpError | null;
  return (
    <>
      <PageHeader title={t('Webhook deliveries')} crumbs={[{ label: t('Webhook deliveries') }]} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <ReferenceFilter resource="webhook" value={filter.webhookId ?? null} onChange={(webhookId) => narrow({ webhookId: webhookId ?? undefined })} placeholder={t('Every endpoint')} style={{ minWidth: 240 }} />
          <ClosedSelect
            allowClear
            aria-label={t('State')}
            placeholder={t('Every state')}
            style={{ minWidth: 160 }}
            value={filter.state}
            onChange={(state) => narrow({ state })}
            options={WEBHOOK_DELIVERY_STATES.map((state) => ({ value: state, label: t(STATES[state].label) }))}
            data-testid="webhook-delivery-state"
          />
        </Space>
        {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />}
        <Table<WebhookDelivery>
          rowKey="_id"
          size="middle"
          loading={deliveries.isFetching && !deliveries.data}
          dataSource={deliveries.data?.entries ?? []}
          locale={{ emptyText: t('No deliveries') }}
          expandable={{ expandedRowRender: (delivery) => <AttemptList delivery={delivery} /> }}
          pagination={{ current: page, pageSize: LOG_PAGE_SIZE, total: deliveries.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { key: 'createdAt', title: t('Created'), render: (_, delivery) => formatIso(delivery.createdAt) },
            { key: 'type', title: t('Event type'), render: (_, delivery) => <Typography.Text code>{delivery.type}</Typography.Text> },
            { key: 'recordId', title: t('Record'), render: (_, delivery) => <DeliveryRecord delivery={delivery} /> },
            { key: 'state', title: t('State'), render: (_, delivery) => <Tag color={STATES[delivery.state].color}>{t(STATES[delivery.state].label)}</Tag> },
            { key: 'attempts', title: t('Attempts'), render: (_, delivery) => delivery.attempts.length },
            { key: 'answer', title: t('Last answer'), render: (_, delivery) => delivery.attempts.at(-1)?.status ?? delivery.attempts.at(-1)?.error ?? '-' },
            { key: 'next', title: t('Next attempt'), render: (_, delivery) => (delivery.nextAttemptAt ? formatIso(delivery.nextAttemptAt) : '-') },
            {
              key: 'actions',
              title: t('table.actions'),
              render: (_, delivery) => (
                <Button size="small" onClick={() => retry.mutate(delivery._id)} loading={retry.isPending && retry.variables === delivery._id}>
                  {t('Send again')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
