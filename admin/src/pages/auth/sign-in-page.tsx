import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, theme } from 'antd';
import { type FormEvent, startTransition, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../app/page-loading';
import { PRODUCT_NAME } from '../../config';
import { type Locale, useLocale } from '../../i18n/locale';
import { useTranslateOnDemand } from '../../i18n/translate-on-demand';
import { ProductLogo } from '../../layout/product-logo';
import { authProvider, safeReturnPath } from '../../providers/auth-provider';
import { loadMe } from '../../providers/session';
import { SignInField } from './sign-in-field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sign-in with the API's own message on failure (401) and on too many attempts (429). It runs outside Refine and
 * draws its card and fields with plain elements (antd's Card, Form, Input and Typography bring tabs, menus, tooltips
 * and a form library), so this route loads none of the signed-in admin. A visitor who is signed in already goes on
 * at once (checked once on arrival, so a failed attempt keeps the form and its message).
 */
export default function SignInPage() {
  const { locale, setLocale } = useLocale();
  const { token } = theme.useToken();
  const t = useTranslateOnDemand(locale);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = safeReturnPath(params.get('to'));
  const [signedIn, setSignedIn] = useState<boolean | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  useEffect(() => {
    loadMe().then((me) => setSignedIn(!!me), () => setSignedIn(false));
  }, []);
  if (signedIn === undefined) return <PageLoading />;
  if (signedIn) return <Navigate to={to} replace />;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = {
      email: EMAIL.test(email.trim()) ? undefined : t('Enter a valid email address'),
      password: password ? undefined : t('Enter your password'),
    };
    setErrors(invalid);
    if (invalid.email || invalid.password) return;
    setProblem(null);
    setPending(true);
    const result = await authProvider.login({ email: email.trim(), password, to });
    setPending(false);
    if (result.success) navigate(result.redirectTo ?? to, { replace: true });
    else setProblem(result.error?.message ?? t('Sign-in failed'));
  };
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <section style={{ width: 400, maxWidth: '92vw', padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <ProductLogo size={32} />
          <h1 style={{ margin: 0, flex: 1, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorTextHeading }}>{PRODUCT_NAME}</h1>
          <Segmented size="small" value={locale} onChange={(value) => startTransition(() => setLocale(value as Locale))} options={[{ label: 'EN', value: 'en' }, { label: 'NL', value: 'nl' }]} />
        </div>
        <p style={{ margin: '24px 0', color: token.colorTextSecondary }}>{t('pages.login.title')}</p>
        {problem && <Alert type="error" showIcon message={problem} data-testid="sign-in-error" style={{ marginBottom: 24 }} />}
        <form noValidate onSubmit={onSubmit}>
          <SignInField
            id="email"
            type="email"
            label={t('pages.login.fields.email')}
            icon={<MailOutlined />}
            error={errors.email}
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={pending}
          />
          <SignInField
            id="password"
            type={showPassword ? 'text' : 'password'}
            label={t('pages.login.fields.password')}
            icon={<LockOutlined />}
            suffix={
              <span style={{ cursor: 'pointer', color: token.colorTextTertiary, display: 'flex' }} onClick={() => setShowPassword(!showPassword)}>
                {showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              </span>
            }
            error={errors.password}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={pending}
          />
          <Button type="primary" htmlType="submit" block size="large" loading={pending}>
            {t('pages.login.signin')}
          </Button>
        </form>
      </section>
    </main>
  );
}
