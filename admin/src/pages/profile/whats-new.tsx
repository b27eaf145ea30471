import type { CompanyUpdateItem } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, Empty, List, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatUnix } from '../../definitions/format';
import { SafeHtml } from '../tutorial/safe-html';

/** What's New: the company updates, newest first, with their date from the id; a button to the manuals. */
export function WhatsNew({ items }: { items: CompanyUpdateItem[] }) {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={() => navigate('/company/tutorial')} style={{ marginBottom: 16 }}>{t('Documentation')}</Button>
      {items.length === 0 ? <Empty description={t('Nothing new yet')} /> : (
        <List
          itemLayout="vertical"
          dataSource={items}
          renderItem={(item) => (
            <List.Item key={item._id} data-testid="whats-new-item">
              <List.Item.Meta
                title={<>{item.name.full} {item.name.tag && <Tag>{item.name.tag}</Tag>}</>}
                description={formatUnix(item.createdAt, false)}
              />
              {item.content.en && <><Typography.Text type="secondary">English</Typography.Text><SafeHtml html={item.content.en} /></>}
              {item.content.nl && <><Typography.Text type="secondary">Nederlands</Typography.Text><SafeHtml html={item.content.nl} /></>}
            </List.Item>
          )}
        />
      )}
    </>
  );
}
