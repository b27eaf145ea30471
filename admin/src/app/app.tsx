import { ConfigProvider } from 'antd';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LocaleProvider } from '../i18n/locale';
import { SIGN_IN_PATH } from '../providers/auth-provider';
import { PageLoading } from './page-loading';
import { AdminApp, preload, preloadAdminRoute } from './pages';
import { ReducedMotion } from './reduced-motion';
import { SignedIn } from './signed-in';
import { THEME } from './theme';

const SIGN_IN_PAGE = () => import('../pages/auth/sign-in-page');
const SignInPage = lazy(SIGN_IN_PAGE);
/** a merchant's self-service menu for visitors: no sign-in, only its signed address */
const MENU_PATH = '/menu/:merchantId/:signature';
const PublicMenuPage = lazy(() => import('../pages/menu/public-menu-page'));

/**
 * Fetches what a route needs side by side while React starts instead of one after the other: for a signed-in
 * user Refine, the layout and the page, for anyone else only the sign-in page.
 */
export function preloadRoute(pathname: string, signedIn: boolean): void {
  if (pathname.startsWith('/menu/')) return;
  if (!signedIn || pathname.startsWith(SIGN_IN_PATH)) return preload(SIGN_IN_PAGE);
  preloadAdminRoute(pathname);
}

/** The sign-in page on its own (no Refine, no data provider); every other route is the signed-in admin, for the signed in. */
export function App() {
  return (
    <BrowserRouter>
      <LocaleProvider>
        <ReducedMotion>
          <ConfigProvider theme={THEME}>
            <Suspense fallback={<PageLoading />}>
              <Routes>
                <Route path={SIGN_IN_PATH} element={<SignInPage />} />
                <Route path={MENU_PATH} element={<PublicMenuPage />} />
                <Route
                  path="*"
                  element={
                    <SignedIn>
                      <AdminApp />
                    </SignedIn>
                  }
                />
              </Routes>
            </Suspense>
          </ConfigProvider>
        </ReducedMotion>
      </LocaleProvider>
    </BrowserRouter>
  );
}
