import { useTranslate } from '@refinedev/core';
import { Card, Result, Tabs } from 'antd';
import { PageHeader } from '../../components/page-header';
import { useMe } from '../../providers/use-me';
import { BlockedUsersTab } from './blocked-users-tab';
import { RightsMatrixTab } from './rights-matrix-tab';
import { ThirdPartiesTab } from './third-parties-tab';

/** The admin screen /company/admin (part 2 section 2): admin rights, third parties, blocked users; company admins. */
export default function AdminPage() {
  const t = useTranslate();
  const me = useMe();
  if (me && !me.rights.includes('company') && !me.rights.includes('super')) return <Result status="403" title={t('You do not have the right for this')} />;
  return (
    <>
      <PageHeader title={t('Admin rights')} crumbs={[{ label: t('Users') }, { label: t('Admin rights') }]} />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'admin', label: t('Admin'), children: <RightsMatrixTab /> },
            { key: 'third-parties', label: t('Third parties'), children: <ThirdPartiesTab /> },
            { key: 'blocked', label: t('Blocked users'), children: <BlockedUsersTab /> },
          ]}
        />
      </Card>
    </>
  );
}
