import { ConfigProvider } from 'antd';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LocaleProvider } from '../i18n/locale';
import { SIGN_IN_PATH } from '../providers/auth-provider';
import { PageLoading } from './page-loading';
import { AdminApp, SignInPage } from './pages';
import { ReducedMotion } from './reduced-motion';
import { SignedIn } from './signed-in';
import { THEME } from './theme';

/** a merchant's self-service menu for visitors: no sign-in, only its signed address */
const MENU_PATH = '/menu/:merchantId/:signature';
const PublicMenuPage = lazy(() => import('../pages/menu/public-menu-page'));

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
