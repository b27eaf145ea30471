import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useGetLocale, useLogin, useSetLocale, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../config';
import { ProductLogo } from '../../layout/product-logo';

interface Credentials {
  email: string;
  password: string;
}

/** Sign-in with the API's own message on failure (401) and on too many attempts (429). */
export default function SignInPage() {
  const t = useTranslate();
  const locale = useGetLocale()();
  const changeLocale = useSetLocale();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate: login, isPending } = useLogin<Credentials & { to?: string }>();
  const onFinish = (values: Credentials) => {
    setProblem(null);
    login(
      { ...values, to: params.get('to') ?? undefined },
      { onSuccess: (result) => !result.success && setProblem(result.error?.message ?? t('Sign-in failed')) },
    );
  };
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 400, maxWidth: '92vw' }}>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Space>
              <ProductLogo size={32} />
              <Typography.Title level={3} style={{ margin: 0 }}>
                {PRODUCT_NAME}
              </Typography.Title>
            </Space>
            <Segmented size="small" value={locale} onChange={(value) => changeLocale(String(value))} options={[{ label: 'EN', value: 'en' }, { label: 'NL', value: 'nl' }]} />
          </Space>
          <Typography.Text type="secondary">{t('pages.login.title')}</Typography.Text>
          {problem && <Alert type="error" showIcon message={problem} data-testid="sign-in-error" />}
          <Form<Credentials> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={isPending}>
            <Form.Item name="email" label={t('pages.login.fields.email')} rules={[{ required: true, type: 'email', message: t('Enter a valid email address') }]}>
              <Input prefix={<MailOutlined />} autoComplete="username" autoFocus size="large" />
            </Form.Item>
            <Form.Item name="password" label={t('pages.login.fields.password')} rules={[{ required: true, message: t('Enter your password') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
              {t('pages.login.signin')}
            </Button>
          </Form>
        </Space>
      </Card>
    </Layout>
  );
}
