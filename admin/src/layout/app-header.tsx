import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';
import { Avatar, Button, Layout, Segmented, Tag, Tooltip, Typography } from 'antd';
import { memo } from 'react';
import { authProvider, SIGN_IN_PATH } from '../providers/auth-provider';
import { companyName, isSuper } from '../providers/session';
import { useMe } from '../providers/use-me';
import { GlobalSearch } from '../search/global-search';
import { CompanySwitcher } from './company-switcher';

/** Signs out and opens the sign-in page afresh, so nothing of the session stays in memory. */
async function signOut(): Promise<void> {
  await authProvider.logout({});
  window.location.assign(SIGN_IN_PATH);
}

/**
 * Header: the menu button on small screens, the signed-in user, their company (a switcher for super admins),
 * language switch and sign-out. Its items wrap onto a second line on a narrow screen instead of overlapping.
 */
export const AppHeader = memo(function AppHeader({ onMenu }: { onMenu?: () => void }) {
  const me = useMe();
  const t = useTranslate();
  const locale = useGetLocale()();
  const changeLocale = useSetLocale();
  return (
    <Layout.Header className="app-header">
      {onMenu && <Button type="text" icon={<MenuOutlined />} aria-label={t('Menu')} onClick={onMenu} className="app-header-menu" />}
      <div className="app-header-items">
        <GlobalSearch />
        {isSuper(me) ? <CompanySwitcher /> : <Tag data-testid="company-name">{companyName(me?.company)}</Tag>}
        <Segmented
          aria-label={t('Language')}
          size="small"
          value={locale}
          onChange={(value) => changeLocale(String(value))}
          options={[
            { label: 'EN', value: 'en', title: 'English' },
            { label: 'NL', value: 'nl', title: 'Nederlands' },
          ]}
        />
        <span className="app-header-user" data-testid="current-user">
          <Avatar size="small" icon={<UserOutlined />} />
          <Typography.Text strong className="app-header-user-name">{me?.user.name?.full || me?.user.email}</Typography.Text>
        </span>
        <Tooltip title={t('buttons.logout')}>
          <Button type="text" icon={<LogoutOutlined />} aria-label={t('buttons.logout')} onClick={() => void signOut()} />
        </Tooltip>
      </div>
    </Layout.Header>
  );
});
