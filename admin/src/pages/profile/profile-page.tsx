import type { CompanyProfileAnswer } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Spin, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../providers/http';
import { SettingsForm } from './settings-form';
import { WhatsNew } from './whats-new';

const TAB_LABELS: Record<CompanyProfileAnswer['tabs'][number], string> = {
  whatsNew: "What's New",
  general: 'General settings',
  app: 'App settings',
  super: 'Super settings',
};

/** /company/profile: the tabs the API opens for this user's role (What's New for every admin). */
export default function ProfilePage() {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const profile = useQuery({ queryKey: ['company-profile'], queryFn: async () => (await api<CompanyProfileAnswer>('/api/company/profile')).data });
  const answer = profile.data;
  const saved = (next: CompanyProfileAnswer) => queryClient.setQueryData(['company-profile'], next);
  return (
    <>
      <PageHeader title={t('Company profile')} crumbs={[{ label: t('Company profile') }]} />
      <Card>
        <Spin spinning={profile.isLoading}>
          {profile.isError && <Empty description={t('Could not load the company')} />}
          {answer && (
            <Tabs
              activeKey={params.get('tab') ?? 'whatsNew'}
              onChange={(tab) => setParams({ tab }, { replace: true })}
              items={answer.tabs.map((tab) => ({
                key: tab,
                label: t(TAB_LABELS[tab]),
                children: tab === 'whatsNew' ? <WhatsNew items={answer.whatsNew} /> : <SettingsForm key={tab} section={tab} company={answer.company} onSaved={saved} />,
              }))}
            />
          )}
        </Spin>
      </Card>
    </>
  );
}
