import type { LocalizedText, SelfServiceMenu } from '@backoffice/resources';
import { Card, Col, Empty, Row, Tabs, Typography } from 'antd';
import { formatEuro } from '../../definitions/format';

const inLanguage = (text: LocalizedText, language: string) => text[language] || text.en || Object.values(text)[0] || '';

/** A merchant's self-service menu as its terminal shows it: a tab per register tab, a tile per product with its price. */
export function SelfServiceMenuView({ menu, language, t }: { menu: SelfServiceMenu; language: string; t: (key: string) => string }) {
  const tabs = menu.tabs.filter((tab) => tab.items.length > 0);
  if (tabs.length === 0) return <Empty description={t('No products yet')} />;
  const grid = (items: SelfServiceMenu['tabs'][number]['items']) => (
    <Row gutter={[12, 12]} data-testid="self-service-items">
      {items.map((item) => (
        <Col key={item.productId} xs={12} sm={8} md={6} xl={4}>
          <Card size="small" cover={item.image ? <img src={item.image} alt="" style={{ aspectRatio: '1', objectFit: 'cover' }} /> : undefined}>
            <Typography.Text strong>{inLanguage(item.name, language)}</Typography.Text>
            <div>{formatEuro(item.priceCents, menu.currencySymbol)}</div>
            {inLanguage(item.description, language) && <Typography.Text type="secondary">{inLanguage(item.description, language)}</Typography.Text>}
          </Card>
        </Col>
      ))}
    </Row>
  );
  if (tabs.length === 1) return grid(tabs[0].items);
  return <Tabs items={tabs.map((tab, index) => ({ key: String(index), label: inLanguage(tab.name, language) || `${index + 1}`, children: grid(tab.items) }))} />;
}
