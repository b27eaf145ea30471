import type { SelfServiceMenu } from '@backoffice/resources';
import { Alert, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '../../app/page-loading';
import { type Locale, useLocale } from '../../i18n/locale';
import { useTranslateOnDemand } from '../../i18n/translate-on-demand';
import { SelfServiceMenuView } from '../merchant/self-service-menu-view';

/**
 * /menu/{merchantId}/{signature}: a merchant's self-service menu for visitors, opened from the QR code at the counter.
 * Outside the signed-in admin (like the sign-in page): only the signed address opens it.
 */
export default function PublicMenuPage() {
  const { merchantId = '', signature = '' } = useParams();
  const { locale, setLocale } = useLocale();
  const t = useTranslateOnDemand(locale);
  const [menu, setMenu] = useState<SelfServiceMenu | null | undefined>(undefined);
  useEffect(() => {
    fetch(`/api/public/menu/${encodeURIComponent(merchantId)}/${encodeURIComponent(signature)}`)
      .then((response) => (response.ok ? (response.json() as Promise<SelfServiceMenu>) : null))
      .then(setMenu, () => setMenu(null));
  }, [merchantId, signature]);
  if (menu === undefined) return <PageLoading />;
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
      <Segmented<Locale> value={locale} onChange={setLocale} options={[{ value: 'en', label: 'EN' }, { value: 'nl', label: 'NL' }]} style={{ float: 'right' }} />
      {menu === null ? (
        <Alert type="warning" showIcon message={t('This menu is not available')} />
      ) : (
        <>
          {menu.merchant.banner && <img src={menu.merchant.banner} alt="" style={{ width: '100%', maxHeight: 200, objectFit: 'cover', borderRadius: 8 }} />}
          <Typography.Title level={2}>{menu.merchant.name}</Typography.Title>
          <SelfServiceMenuView menu={menu} language={locale} t={t} />
        </>
      )}
    </main>
  );
}
