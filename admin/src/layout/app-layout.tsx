import { Drawer, Layout } from 'antd';
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { prefetchPages } from '../app/pages';
import { whenIdle } from '../app/when-idle';
import { PRODUCT_NAME } from '../config';
import { useMe } from '../providers/use-me';
import { AppHeader } from './app-header';
import './layout.css';
import './tables.css';
import { ProductLogo } from './product-logo';
import { SideMenu, allMenuEntries, entryOfPath, menuOrder } from './side-menu';
import { useWideScreen } from './use-wide-screen';

/** The side menu is hidden on /company/init (spec part 1 section 2) and shown on every other route. */
export const SIDER_HIDDEN_ON = ['/company/init'];

const ENTRIES = allMenuEntries();

function ProductTitle({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <Link to="/" className="app-title">
      <ProductLogo />
      {!collapsed && <span>{PRODUCT_NAME}</span>}
    </Link>
  );
}

/** The menu with the entry of the page on screen selected; its items render again only when that entry changes. */
function MenuAtPath({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  const { pathname } = useLocation();
  const entry = entryOfPath(ENTRIES, pathname);
  return me && <SideMenu me={me} selected={entry?.name} openGroup={entry?.group} onNavigate={onNavigate} />;
}

/** The side menu is drawn once the page's first work is done, and at the latest this long after the frame. */
const MENU_AFTER_PAGE_AT_MOST_MS = 1_000;

/**
 * False on the frame's first render, true from a transition once the browser is idle after it: the page a person
 * opened, its rows included, is drawn before the side menu, the costliest part of the frame (tens of antd menu items,
 * each with its tooltip), which takes its place beside it a moment later. Measured: a list's rows 30 ms sooner.
 */
function useDrawnAfterPage(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setDrawn(true)), MENU_AFTER_PAGE_AT_MOST_MS), []);
  return drawn;
}

const WideSider = memo(function WideSider() {
  const [collapsed, setCollapsed] = useState(false);
  const withMenu = useDrawnAfterPage();
  return (
    <Layout.Sider theme="light" className="app-sider" collapsible collapsed={collapsed} onCollapse={setCollapsed} collapsedWidth={80}>
      <ProductTitle collapsed={collapsed} />
      {withMenu && <MenuAtPath />}
    </Layout.Sider>
  );
});

/** On a small screen the side menu opens as a drawer from the header's menu button. */
const MenuDrawer = memo(function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} placement="left" width={256} closable={false} styles={{ body: { padding: 0 } }}>
      <Layout.Sider theme="light" width="100%">
        <ProductTitle />
        <MenuAtPath onNavigate={onClose} />
      </Layout.Sider>
    </Drawer>
  );
});

/** How long after the frame appears the pages of its menu start loading: the page on screen comes first. */
const PREFETCH_AFTER_MS = 2_000;

/** Loads the pages of the user's menu, and the edit screen of each list, once the page on screen is done. */
function usePrefetchMenuPages(): void {
  const me = useMe();
  useEffect(() => {
    if (!me) return;
    const { top, groups, rest } = menuOrder(me);
    const routes = [...top, ...groups.flatMap((group) => group.entries), ...rest].map((entry) => entry.route);
    let stop = () => undefined as void;
    const timer = setTimeout(() => (stop = prefetchPages(routes.flatMap((route) => [route, `${route}/:id/edit`]))), PREFETCH_AFTER_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [me]);
}

/**
 * The signed-in frame: the side menu (a drawer on small screens), the header and the page. The menu and the header
 * are memoized, so a page changing its URL (a list's filters and paging) renders only the page again.
 */
export default function AppLayout() {
  const { pathname } = useLocation();
  const wide = useWideScreen();
  const withMenu = !SIDER_HIDDEN_ON.includes(pathname.replace(/\/$/, ''));
  const [drawer, setDrawer] = useState<'unused' | 'open' | 'closed'>('unused');
  const openDrawer = useCallback(() => setDrawer('open'), []);
  const closeDrawer = useCallback(() => setDrawer('closed'), []);
  usePrefetchMenuPages();
  return (
    <Layout className="app-frame" hasSider={withMenu && wide}>
      {withMenu && wide && <WideSider />}
      {withMenu && !wide && drawer !== 'unused' && <MenuDrawer open={drawer === 'open'} onClose={closeDrawer} />}
      <Layout className="app-main">
        <AppHeader onMenu={withMenu && !wide ? openDrawer : undefined} />
        <Layout.Content className="app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
