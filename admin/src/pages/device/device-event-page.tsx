import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Form, Select } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../providers/http';

/** /company/device without an event: choose the event whose cards to print. */
export default function DeviceEventPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const events = useQuery({
    queryKey: ['device-events'],
    queryFn: async () => (await api<{ _id: string; name?: { full?: string } }[]>('/api/company/model/event', { query: '_sort=name.full&_order=asc&_start=0&_end=9999&_select=name.full&meta.archived=false' })).data,
  });
  return (
    <>
      <PageHeader title={t('Visitor cards')} crumbs={[{ label: t('Visitor cards') }]} />
      <Card>
        <Form layout="vertical" style={{ maxWidth: 480 }}>
          <Form.Item label={t('Event')}>
            <Select
              showSearch
              aria-label={t('Event')}
              placeholder={t('Choose the event')}
              loading={events.isLoading}
              optionFilterProp="label"
              options={(events.data ?? []).map((event) => ({ value: event._id, label: event.name?.full ?? t('(no name)') }))}
              onChange={(eventId: string) => navigate(`/company/device/${eventId}`)}
            />
          </Form.Item>
        </Form>
      </Card>
    </>
  );
}
