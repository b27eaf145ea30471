import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Card, Descriptions, Empty, Spin, Tabs, Typography } from 'antd';
import { PageHeader } from '../../components/page-header';
import { useMe } from '../../providers/use-me';
import { CreateMenu } from './create-menu';
import { blocksEditorLink, editorToken, readDashboard } from './dashboard-api';
import { MODEL_LABELS } from './dashboard-routes';
import { DashboardTable } from './dashboard-table';

/** The personal dashboard (part 1 section 2): a tab per model the user may read, from the API's answer. */
export default function DashboardPage() {
  const t = useTranslate();
  const me = useMe();
  const { message } = App.useApp();
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: readDashboard });
  const tabs = dashboard.data?.tabs ?? [];
  const editorUrl = dashboard.data?.blocksEditorUrl;
  const openBlocksEditor = async (pageId: string) => {
    // opened before the token arrives, so the browser sees the click's user gesture
    const opened = window.open('about:blank', '_blank');
    try {
      const token = await editorToken();
      const link = blocksEditorLink(editorUrl!, pageId, token, window.location.origin);
      if (opened) opened.location.href = link;
      else window.open(link, '_blank');
    } catch (error) {
      opened?.close();
      message.error((error as { message?: string }).message ?? t('Could not open the blocks editor'));
    }
  };
  const info = {
    key: 'info',
    label: t('Info'),
    children: (
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('Signed in as')}>{me?.user.name.full ?? me?.user.email}</Descriptions.Item>
        <Descriptions.Item label={t('Company')}>{me?.company.name.full}</Descriptions.Item>
        <Descriptions.Item label={t('What you see')}>
          <Typography.Text>{t('The pages, locations, events, videos and merchants you have access to.')}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    ),
  };
  return (
    <>
      <PageHeader title={t('Dashboard')} extra={<CreateMenu tabs={tabs} />} />
      <Card>
        <Spin spinning={dashboard.isLoading}>
          {dashboard.isError && <Empty description={t('Could not load the dashboard')} />}
          {dashboard.isSuccess && (
            <Tabs
              items={[
                ...tabs.map((tab) => ({
                  key: tab.model,
                  label: tab.model === 'page' ? <Badge count={tab.total} showZero offset={[12, -2]} size="small">{t(MODEL_LABELS[tab.model])}</Badge> : t(MODEL_LABELS[tab.model]),
                  children: <DashboardTable tab={tab} onBlocksEditor={editorUrl ? (id) => void openBlocksEditor(id) : undefined} />,
                })),
                info,
              ]}
            />
          )}
        </Spin>
      </Card>
    </>
  );
}
