import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetLocale, useLogout, useSetLocale, useTranslate } from '@refinedev/core';
import { Avatar, Button, Layout, Segmented, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { companyName, isSuper } from '../providers/session';
import { useMe } from '../providers/use-me';
import { CompanySwitcher } from './company-switcher';

/** Header: signed-in user, their company (a switcher for super admins), language switch and sign-out. */
export function AppHeader() {
  const { token } = theme.useToken();
  const me = useMe();
  const t = useTranslate();
  const locale = useGetLocale()();
  const changeLocale = useSetLocale();
  const { mutate: logout } = useLogout();
  return (
    <Layout.Header
      style={{
        background: token.colorBgElevated,
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 24px',
        height: 64,
        position: 'sticky',
        top: 0,
        zIndex: 10,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Space size="middle" wrap>
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
        <Space data-testid="current-user">
          <Avatar size="small" icon={<UserOutlined />} />
          <Typography.Text strong>{me?.user.name?.full || me?.user.email}</Typography.Text>
        </Space>
        <Tooltip title={t('buttons.logout')}>
          <Button type="text" icon={<LogoutOutlined />} aria-label={t('buttons.logout')} onClick={() => logout()} />
        </Tooltip>
      </Space>
    </Layout.Header>
  );
}
