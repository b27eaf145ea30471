import { type AccessEntry, getPath } from '@backoffice/resources';
import { useOne, useTranslate } from '@refinedev/core';
import { Card, Col, Row, Space, Spin, Tabs, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '../../app/page-loading';
import { preloadWhenIdle } from '../../app/pages';
import { PageHeader } from '../../components/page-header';
import { listPath, pluralLabel, requireResource } from '../../definitions/screens';
import GenericEditPage from '../../generic/form/generic-edit-page';
import { ResourceEditForm, SaveButton } from '../../generic/form/resource-edit-form';
import { useResourceEdit } from '../../generic/form/use-resource-edit';
import { RecordHistory } from '../../generic/history/record-history';
import { useAccess } from '../../generic/use-access';
import { useMe } from '../../providers/use-me';
import { useFinanceAccess } from '../finance/use-finance-access';
import { CvCard } from './cv-card';
import { usePersonRefusals } from './use-person-refusals';

/**
 * What the page shows after its first screen, each in a chunk of its own: the other tabs and a super admin's
 * account cards. Fetched when the browser is idle once the user is shown (usePrefetchedParts), so a tab opens at once.
 */
const LATER_PARTS = {
  payment: () => import('./payment-details-tab'),
  communication: () => import('../communication/user-communication-history'),
  events: () => import('./user-events-tab'),
  access: () => import('./third-party-access-tab'),
  accountCards: () => import('./account-cards'),
};
const PaymentDetailsTab = lazy(() => LATER_PARTS.payment().then((module) => ({ default: module.PaymentDetailsTab })));
const UserCommunicationHistory = lazy(() => LATER_PARTS.communication().then((module) => ({ default: module.UserCommunicationHistory })));
const UserEventsTab = lazy(() => LATER_PARTS.events().then((module) => ({ default: module.UserEventsTab })));
const ThirdPartyAccessTab = lazy(() => LATER_PARTS.access().then((module) => ({ default: module.ThirdPartyAccessTab })));
const AccountCards = lazy(LATER_PARTS.accountCards);
// the page of finance admins who may not read users, loaded when it is shown
const FinanceUserPage = lazy(() => import('./finance-user-page').then((module) => ({ default: module.FinanceUserPage })));

/**
 * Fetches the page's later parts when the browser next has nothing to do once the user is `shown`: before that the
 * browser is idle while it waits for the user, and the parts would compete with drawing the form.
 */
function usePrefetchedParts(shown: boolean): void {
  useEffect(() => (shown ? preloadWhenIdle(Object.values(LATER_PARTS)) : undefined), [shown]);
}

const tabPart = (part: ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>{part}</Suspense>;

type Settings = { selfService?: boolean; userImageIdentity?: boolean; userFileCv?: boolean };
const NO_SETTINGS: Settings = {};

/**
 * Fields the General form leaves off: those other tabs and screens edit (access rights, rights, the tag), those
 * the company's settings switch off, and the birthday of anonymous users.
 */
export function hiddenUserFields(settings: Settings, anonymous: boolean): string[] {
  return [
    'accessRef',
    '_projectSpecific.rights',
    'bracelet.tag.value',
    ...(settings.selfService ? [] : ['pay.selfService']),
    ...(settings.userImageIdentity ? [] : ['image.identity']),
    // the CV card uploads the file
    'file.cv',
    ...(anonymous ? ['birthday.date', 'birthdayVerified'] : []),
  ];
}

/** User edit (spec part 2 section 2): General with the account cards, Payment details, Events, Third-party access. */
function UserEdit({ userId, settings }: { userId: string; settings: Settings }) {
  const t = useTranslate();
  const me = useMe();
  const { isFinance } = useFinanceAccess();
  const def = requireResource('user');
  const mayReadGuests = useAccess(requireResource('eventGuest')).read;
  const mayEdit = useAccess(def).update;
  const isSuper = !!me?.rights.includes('super');
  const isCompanyAdmin = isSuper || !!me?.rights.includes('company');
  const isYou = me?.user._id === userId;
  // anonymous is known once the user is loaded; until then the form is drawn for the usual user, who has a birthday
  const [anonymous, setAnonymous] = useState(false);
  const hide = useMemo(() => hiddenUserFields(settings, anonymous), [settings, anonymous]);
  const refusals = usePersonRefusals(userId);
  const edit = useResourceEdit({ def, id: userId, hide, refusals });
  const [tab, setTab] = useState('general');
  usePrefetchedParts(!!edit.record);
  const loadedAnonymous = edit.record ? getPath(edit.record, 'email.anonymous') === true : null;
  if (loadedAnonymous !== null && loadedAnonymous !== anonymous) setAnonymous(loadedAnonymous);
  // the tabs of a user who is not anonymous are drawn disabled while the user loads: antd measures its tabs again
  // whenever they change
  const disabled = !edit.record;
  const general = (
    <Row gutter={16}>
      {/* the account cards stand beside the form from 1200 px; beside it at 1024 px they were too narrow for an id */}
      <Col xs={24} xl={isSuper ? 16 : 24}>
        <ResourceEditForm edit={edit} />
        {settings.userFileCv && edit.record && <CvCard userId={userId} user={edit.record} editable={mayEdit} />}
      </Col>
      {isSuper && edit.record && (
        <Col xs={24} xl={8}>
          <Suspense fallback={null}>
            <AccountCards userId={userId} user={edit.record} isYou={isYou} />
          </Suspense>
        </Col>
      )}
    </Row>
  );
  const tabs = [
    { key: 'general', label: t('General'), children: general },
    ...(isFinance && !anonymous ? [{ key: 'payment', label: t('Payment details'), disabled, children: tabPart(<PaymentDetailsTab userId={userId} />) }] : []),
    ...(!anonymous ? [{ key: 'communication', label: t('Communication history'), disabled, children: tabPart(<UserCommunicationHistory userId={userId} />) }] : []),
    ...(mayReadGuests ? [{ key: 'events', label: t('Events'), children: tabPart(<UserEventsTab userId={userId} />) }] : []),
    ...(isCompanyAdmin && !anonymous
      ? [{ key: 'access', label: t('Third-party access'), disabled, children: tabPart(<ThirdPartyAccessTab userId={userId} initial={(edit.record?.accessRef as AccessEntry[] | undefined) ?? []} isSuper={isSuper} reload={() => void edit.query?.refetch()} />) }]
      : []),
    { key: 'history', label: t('History'), disabled, children: <RecordHistory def={def} id={userId} /> },
  ];
  return (
    <>
      <PageHeader
        title={
          <Space>
            {edit.title}
            {isYou && <Tag color="blue" data-testid="badge-you">{t('You')}</Tag>}
          </Space>
        }
        crumbs={[{ label: t(pluralLabel(def)), to: listPath(def) }, { label: t('buttons.edit') }]}
        extra={tab === 'general' && <SaveButton edit={edit} />}
      />
      <Card>
        <Tabs activeKey={tab} onChange={setTab} items={tabs} destroyOnHidden />
      </Card>
    </>
  );
}

/** The company's settings that switch parts of the user page on. */
function useUserPageSettings(): Settings | null {
  const me = useMe();
  const { result } = useOne({ resource: 'company', id: me?.company._id, meta: { select: ['settings.selfService', 'settings.userImageIdentity', 'settings.userFileCv'] }, queryOptions: { enabled: !!me } });
  return (result as { settings?: Settings } | undefined)?.settings ?? null;
}

export default function UserEditPage() {
  const { id = 'create' } = useParams();
  const mayReadUsers = useAccess(requireResource('user')).read;
  const { isFinance } = useFinanceAccess();
  const settings = useUserPageSettings();
  // a new user is made on the generated create form, as for every model
  if (id === 'create') return <GenericEditPage model="user" />;
  if (!mayReadUsers && isFinance) {
    return (
      <Suspense fallback={<PageLoading />}>
        <FinanceUserPage key={id} userId={id} />
      </Suspense>
    );
  }
  // the page does not wait for the settings: what they switch on appears when they arrive
  return <UserEdit key={id} userId={id} settings={settings ?? NO_SETTINGS} />;
}
