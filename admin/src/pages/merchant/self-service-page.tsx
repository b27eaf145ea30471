import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import type { SelfServicePage as SelfServiceAnswer } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Row, Space, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useLocale } from '../../i18n/locale';
import { api } from '../../providers/http';
import { SelfServiceMenuView } from './self-service-menu-view';

/**
 * /company/merchant/{id}/self-service: what the merchant's visitors see at its self-service terminal (its tablet
 * register's tabs), and a QR code for the counter that opens the same menu on a phone, without signing in.
 */
export default function SelfServicePage() {
  const t = useTranslate();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const { merchantId = '' } = useParams();
  const page = useQuery({ queryKey: ['self-service', merchantId], queryFn: async () => (await api<SelfServiceAnswer>(`/api/company/merchant/${encodeURIComponent(merchantId)}/self-service`)).data });
  const menu = page.data;
  const copy = async () => {
    await navigator.clipboard.writeText(menu!.menuUrl);
    message.success(t('Link copied'));
  };
  return (
    <>
      <PageHeader
        title={menu ? `${t('Self-service')}: ${menu.merchant.name}` : t('Self-service')}
        crumbs={[{ label: t('Merchants'), to: '/company/merchant' }, { label: menu?.merchant.name ?? '', to: `/company/merchant/${merchantId}/edit` }, { label: t('Self-service') }]}
      />
      <Spin spinning={page.isLoading}>
        {menu && (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <Card title={t('What visitors see')}>
                <SelfServiceMenuView menu={menu} language={locale} t={t} />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title={t('Menu on the phone')}>
                <Space direction="vertical" align="center" style={{ width: '100%' }}>
                  <img src={`/api/image/qr/${encodeURIComponent(menu.menuUrl)}/png`} alt={t('QR code')} width={200} height={200} data-testid="menu-qr" />
                  <Typography.Text type="secondary">{t('Scan to open the menu on your phone')}</Typography.Text>
                  <Space wrap>
                    <Button icon={<CopyOutlined />} onClick={() => void copy()}>{t('Copy link')}</Button>
                    <Button icon={<ExportOutlined />} href={menu.menuUrl} target="_blank" rel="noopener noreferrer" data-testid="open-menu">{t('Open the menu')}</Button>
                  </Space>
                </Space>
              </Card>
            </Col>
          </Row>
        )}
      </Spin>
    </>
  );
}
