import { type CompanyUpdateItem, findResource, resolveField } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, Empty, List, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatUnix } from '../../definitions/format';
import { choiceLabel } from '../../definitions/screens';
import { SafeHtml } from '../tutorial/safe-html';

/** What's New: the company updates, newest first, with their date from the id; a button to the manuals. */
export function WhatsNew({ items }: { items: CompanyUpdateItem[] }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const tagField = resolveField(findResource('companyUpdate')!, 'name.tag');
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
                title={<>{item.name.full} {item.name.tag && <Tag>{t(choiceLabel(tagField, item.name.tag))}</Tag>}</>}
                description={formatUnix(item.createdAt, false)}
              />
              {item.content.en && <><Typography.Text type="secondary">{t('English')}</Typography.Text><SafeHtml html={item.content.en} /></>}
              {item.content.nl && <><Typography.Text type="secondary">{t('Dutch')}</Typography.Text><SafeHtml html={item.content.nl} /></>}
            </List.Item>
          )}
        />
      )}
    </>
  );
}
