import { ThemedLayout, ThemedSider, ThemedTitle } from '@refinedev/antd';
import { Outlet, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../config';
import { AppHeader } from './app-header';
import { ProductLogo } from './product-logo';

/** The side menu is hidden on /company/init (spec part 1 section 2) and shown on every other route. */
export const SIDER_HIDDEN_ON = ['/company/init'];

const Title = ({ collapsed }: { collapsed: boolean }) => <ThemedTitle collapsed={collapsed} text={PRODUCT_NAME} icon={<ProductLogo />} />;
const NoSider = () => null;
const Sider = () => <ThemedSider Title={Title} fixed />;

export default function AppLayout() {
  const { pathname } = useLocation();
  const hideSider = SIDER_HIDDEN_ON.includes(pathname.replace(/\/$/, ''));
  return (
    <ThemedLayout Header={AppHeader} Sider={hideSider ? NoSider : Sider} Title={Title}>
      <Outlet />
    </ThemedLayout>
  );
}
