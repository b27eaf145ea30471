import { type AccessEntry, getPath } from '@backoffice/resources';
import { useOne, useTranslate } from '@refinedev/core';
import { Card, Col, Row, Space, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { listPath, pluralLabel, requireResource } from '../../definitions/screens';
import GenericEditPage from '../../generic/form/generic-edit-page';
import { ResourceEditForm, SaveButton } from '../../generic/form/resource-edit-form';
import { useResourceEdit } from '../../generic/form/use-resource-edit';
import { RecordHistory } from '../../generic/history/record-history';
import { useAccess } from '../../generic/use-access';
import { useMe } from '../../providers/use-me';
import { UserCommunicationHistory } from '../communication/user-communication-history';
import { useFinanceAccess } from '../finance/use-finance-access';
import { CvCard } from './cv-card';
import { FinanceUserPage } from './finance-user-page';
import { GlobalPasswordCard } from './global-password-card';
import { OtherCard } from './other-card';
import { PaymentDetailsTab } from './payment-details-tab';
import { PushTokensCard } from './push-tokens-card';
import { TagCard } from './tag-card';
import { ThirdPartyAccessTab } from './third-party-access-tab';
import { usePersonRefusals } from './use-person-refusals';
import { UserEventsTab } from './user-events-tab';

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
  // anonymous is known once the user is loaded; until then the form hides what anonymous users lack
  const [anonymous, setAnonymous] = useState(true);
  const hide = useMemo(() => hiddenUserFields(settings, anonymous), [settings, anonymous]);
  const { refusal, lock } = usePersonRefusals(userId);
  const edit = useResourceEdit({ def, id: userId, hide, lock, refusal });
  const [tab, setTab] = useState('general');
  const loadedAnonymous = edit.record ? getPath(edit.record, 'email.anonymous') === true : null;
  if (loadedAnonymous !== null && loadedAnonymous !== anonymous) setAnonymous(loadedAnonymous);
  const known = !!edit.record && loadedAnonymous === false;
  const general = (
    <Row gutter={16}>
      {/* the account cards stand beside the form from 1200 px; beside it at 1024 px they were too narrow for an id */}
      <Col xs={24} xl={isSuper ? 16 : 24}>
        <ResourceEditForm edit={edit} />
        {settings.userFileCv && edit.record && <CvCard userId={userId} user={edit.record} editable={mayEdit} />}
      </Col>
      {isSuper && edit.record && (
        <Col xs={24} xl={8}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <TagCard userId={userId} user={edit.record} />
            {isYou && <GlobalPasswordCard userId={userId} />}
            <PushTokensCard userId={userId} />
            <OtherCard userId={userId} user={edit.record} />
          </Space>
        </Col>
      )}
    </Row>
  );
  const tabs = [
    { key: 'general', label: t('General'), children: general },
    ...(isFinance && known ? [{ key: 'payment', label: t('Payment details'), children: <PaymentDetailsTab userId={userId} /> }] : []),
    ...(known ? [{ key: 'communication', label: t('Communication history'), children: <UserCommunicationHistory userId={userId} /> }] : []),
    ...(mayReadGuests ? [{ key: 'events', label: t('Events'), children: <UserEventsTab userId={userId} /> }] : []),
    ...(isCompanyAdmin && known
      ? [{ key: 'access', label: t('Third-party access'), children: <ThirdPartyAccessTab userId={userId} initial={(edit.record?.accessRef as AccessEntry[] | undefined) ?? []} isSuper={isSuper} reload={() => void edit.query?.refetch()} /> }]
      : []),
    ...(edit.record ? [{ key: 'history', label: t('History'), children: <RecordHistory def={def} id={userId} /> }] : []),
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
  if (!mayReadUsers && isFinance) return <FinanceUserPage key={id} userId={id} />;
  // the page does not wait for the settings: what they switch on appears when they arrive
  return <UserEdit key={id} userId={id} settings={settings ?? NO_SETTINGS} />;
}
