import { SendOutlined } from '@ant-design/icons';
import { PUSH_CHANNELS } from '@backoffice/resources';
import { type HttpError, useTranslate } from '@refinedev/core';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { NeedsService } from '../../components/service-off';
import type { ApiFieldError } from '../../providers/http';
import { sendPushTest } from './communication-api';

export const PUSH_SENT = 'Sent test message!';
export const PUSH_FAILED = 'Could not send test message';

/** Push notification test (/company/push-notification): the push message fields, sent to one Expo push token. */
export default function PushNotificationPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const send = async (values: Record<string, unknown>) => {
    setSending(true);
    try {
      await sendPushTest(values);
      message.success(t(PUSH_SENT));
    } catch (failure) {
      const error = failure as HttpError & { apiErrors?: ApiFieldError[] };
      form.setFields((error.apiErrors ?? []).filter((entry) => entry.field).map((entry) => ({ name: entry.field, errors: [entry.message] })));
      message.error(t(PUSH_FAILED));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <PageHeader title={t('Push notification')} crumbs={[{ label: t('Communication') }, { label: t('Push notification') }]} />
      <Card style={{ maxWidth: 900 }}>
        <Form form={form} layout="vertical" onFinish={send} initialValues={{ ttl: 5, sound: 'default', channelId: 'priority' }}>
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item label={t('To')} name="to" rules={[{ required: true, message: t('An Expo push token is required') }]} extra="ExponentPushToken[...]" data-testid="field-to">
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('Title')} name="title" data-testid="field-title"><Input /></Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('Subtitle')} name="subtitle"><Input /></Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('Body')} name="body" data-testid="field-body"><Input.TextArea autoSize={{ minRows: 2 }} /></Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('Data')} name="data" extra={t('A JSON object')}><Input.TextArea autoSize={{ minRows: 2 }} style={{ fontFamily: 'monospace' }} /></Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('Sound')} name="sound">
                <Select options={[{ value: 'default', label: t('Default') }, { value: '', label: t('None') }]} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('Time to live (seconds)')} name="ttl"><InputNumber min={0} style={{ width: '100%' }} /></Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('Badge')} name="badge"><InputNumber min={0} precision={0} style={{ width: '100%' }} /></Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('Category')} name="_category"><Input /></Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('Channel')} name="channelId">
                <Select options={Object.entries(PUSH_CHANNELS).map(([value, label]) => ({ value, label: t(label) }))} />
              </Form.Item>
            </Col>
          </Row>
          <NeedsService service="expoPush">
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} data-testid="send">
              {t('Send')}
            </Button>
          </NeedsService>
        </Form>
      </Card>
    </>
  );
}
