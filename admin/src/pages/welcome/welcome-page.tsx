import { RocketOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { type BaseRecord, useOne, useTranslate } from '@refinedev/core';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { PageLoading } from '../../app/page-loading';
import { PRODUCT_NAME } from '../../config';
import { useMe } from '../../providers/use-me';

/** Mobile country codes offered (spec: only +31). */
export const COUNTRY_CODES = ['+31'];
export const DISABLED_ALERT = 'Temporarily disabled, please contact support';

interface WelcomeValues {
  first?: string;
  last?: string;
  countrycode?: string;
  mobile?: string;
  replyTo?: string;
}

/** First-run welcome (/company/init): prefilled from the user and the company; the start button only alerts. */
export default function WelcomePage() {
  const t = useTranslate();
  const me = useMe();
  const { modal } = App.useApp();
  const [form] = Form.useForm<WelcomeValues>();
  const { result: user, query: userQuery } = useOne<BaseRecord>({ resource: 'user', id: me?.user._id ?? '', queryOptions: { enabled: !!me, retry: 0 } });
  const { result: company, query: companyQuery } = useOne<BaseRecord>({ resource: 'company', id: me?.company._id ?? '', queryOptions: { enabled: !!me, retry: 0 } });
  const start = async () => {
    await form.validateFields();
    // the feature is disabled in the product: nothing is saved
    modal.warning({ title: t(DISABLED_ALERT), okText: t('OK') });
  };
  // the form starts from both records (or what the session knows when one may not be read), so nothing races the prefill
  if (!me || userQuery.isLoading || companyQuery.isLoading) return <PageLoading />;
  const value = (record: BaseRecord | undefined, path: string) => (record ? (getPath(record, path) as string | undefined) : undefined);
  const initialValues: WelcomeValues = {
    first: value(user, 'name.first') ?? me.user.name?.first,
    last: value(user, 'name.last') ?? me.user.name?.last,
    countrycode: value(user, 'mobile.countrycode') ?? COUNTRY_CODES[0],
    mobile: value(user, 'mobile.value'),
    replyTo: value(company, 'email.value'),
  };
  return (
    <div style={{ maxWidth: 960, margin: '24px auto' }}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <div>
          <Typography.Title level={2} style={{ marginBottom: 4 }}>
            {t('Welcome to {{product}}', { product: PRODUCT_NAME })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('Tell us a little about you and your company to get started.')}</Typography.Text>
        </div>
        <Form form={form} layout="vertical" requiredMark onFinish={start} initialValues={initialValues}>
          <Row gutter={[24, 24]}>
            <Col xs={24} md={12}>
              <Card title={t('Some more about you')}>
                <Form.Item name="first" label={t('First name')} rules={[{ max: 200 }]}>
                  <Input autoComplete="given-name" />
                </Form.Item>
                <Form.Item name="last" label={t('Last name')} rules={[{ max: 200 }]}>
                  <Input autoComplete="family-name" />
                </Form.Item>
                <Form.Item label={t('Mobile number')}>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="countrycode" noStyle>
                      <Select style={{ width: 100 }} options={COUNTRY_CODES.map((code) => ({ value: code, label: code }))} aria-label={t('Mobile country code')} />
                    </Form.Item>
                    <Form.Item name="mobile" noStyle>
                      <Input autoComplete="tel-national" aria-label={t('Mobile number')} />
                    </Form.Item>
                  </Space.Compact>
                </Form.Item>
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title={t('About the company')}>
                <Form.Item name="replyTo" label={t('Reply-to email')} rules={[{ required: true, message: t('Reply-to email is required') }, { type: 'email', message: t('Enter a valid email address') }]}>
                  <Input type="email" autoComplete="email" />
                </Form.Item>
              </Card>
            </Col>
          </Row>
          <div style={{ textAlign: 'center', marginTop: 24 }}>
            <Button type="primary" size="large" htmlType="submit" icon={<RocketOutlined />} data-testid="welcome-start">
              {PRODUCT_NAME}
            </Button>
          </div>
        </Form>
      </Space>
    </div>
  );
}
