import { getPath } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Card, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { listPath, pluralLabel, requireResource } from '../../definitions/screens';
import GenericEditPage from '../../generic/form/generic-edit-page';
import { ResourceEditForm, SaveButton } from '../../generic/form/resource-edit-form';
import { useResourceEdit } from '../../generic/form/use-resource-edit';
import { useAccess } from '../../generic/use-access';
import { useMe } from '../../providers/use-me';
import { UserCommunicationHistory } from '../communication/user-communication-history';
import { useFinanceAccess } from '../finance/use-finance-access';
import { FinanceUserPage } from './finance-user-page';
import { PaymentDetailsTab } from './payment-details-tab';

/** User edit (spec part 2 section 2): the generated form as General, Payment details for finance admins. */
function UserEdit({ userId }: { userId: string }) {
  const t = useTranslate();
  const me = useMe();
  const { isFinance } = useFinanceAccess();
  const def = requireResource('user');
  const edit = useResourceEdit({ def, id: userId });
  const [tab, setTab] = useState('general');
  // anonymous users have no payment details (email.anonymous); unknown until the user is loaded
  const showPayments = isFinance && !!edit.record && getPath(edit.record, 'email.anonymous') !== true;
  const tabs = [
    { key: 'general', label: t('General'), children: <ResourceEditForm edit={edit} /> },
    ...(showPayments ? [{ key: 'payment', label: t('Payment details'), children: <PaymentDetailsTab userId={userId} /> }] : []),
    ...(edit.record && getPath(edit.record, 'email.anonymous') !== true ? [{ key: 'communication', label: t('Communication history'), children: <UserCommunicationHistory userId={userId} /> }] : []),
  ];
  return (
    <>
      <PageHeader
        title={
          <Space>
            {edit.title}
            {me?.user._id === userId && <Tag color="blue" data-testid="badge-you">{t('You')}</Tag>}
          </Space>
        }
        crumbs={[{ label: t(pluralLabel(def)), to: listPath(def) }, { label: t('buttons.edit') }]}
        extra={tab === 'general' && <SaveButton edit={edit} />}
      />
      <Card>
        <Tabs activeKey={tab} onChange={setTab} items={tabs} />
      </Card>
    </>
  );
}

export default function UserEditPage() {
  const { id = 'create' } = useParams();
  const mayReadUsers = useAccess(requireResource('user')).read;
  const { isFinance } = useFinanceAccess();
  // a new user is made on the generated create form, as for every model
  if (id === 'create') return <GenericEditPage model="user" />;
  if (!mayReadUsers && isFinance) return <FinanceUserPage key={id} userId={id} />;
  return <UserEdit key={id} userId={id} />;
}
