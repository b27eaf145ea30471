import { MAIL_STATE_LABELS, SMS_STATE_LABELS } from '@backoffice/resources';
import { type BaseRecord, useList, useTranslate } from '@refinedev/core';
import { Card, Table } from 'antd';
import { Link } from 'react-router';
import { ResendMailButton, useReloadMails } from './resend-mail-button';
import { StateHistory } from './state-history';

const rowKey = (record: BaseRecord) => String(record._id ?? record.id);

/** The mails and text messages sent to one user, newest first, with their states (user edit, non-anonymous users). */
export function UserCommunicationHistory({ userId }: { userId: string }) {
  const t = useTranslate();
  const reloadMails = useReloadMails();
  const filters = [{ field: 'to.userRef.userId', operator: 'eq' as const, value: userId }];
  const sorters = [{ field: 'state.put.at.unix', order: 'desc' as const }];
  const mails = useList<BaseRecord>({ resource: 'communicationMail', filters, sorters, pagination: { pageSize: 50 } });
  const texts = useList<BaseRecord>({ resource: 'communicationSms', filters, sorters, pagination: { pageSize: 50 } });
  return (
    <>
      <Card title={t('Mails')} size="small" style={{ marginBottom: 16 }} data-testid="history-mails">
        <Table<BaseRecord>
          size="small"
          rowKey={rowKey}
          loading={mails.query.isLoading}
          dataSource={mails.result?.data ?? []}
          pagination={false}
          columns={[
            {
              key: 'subject',
              title: t('Subject'),
              render: (_, record) => {
                const templateId = (record.templateRef as { templateId?: string } | undefined)?.templateId;
                return templateId ? <Link to={`/company/template/${templateId}/edit`}>{String(record.subject ?? '')}</Link> : <span>{String(record.subject ?? '')}</span>;
              },
            },
            { key: 'state', title: t('State'), render: (_, record) => <StateHistory state={record.state as never} history={record.stateHistory} labels={MAIL_STATE_LABELS} /> },
            { key: 'actions', title: t('table.actions'), render: (_, record) => <ResendMailButton record={record} onResent={reloadMails} /> },
          ]}
        />
      </Card>
      <Card title={t('SMS')} size="small" data-testid="history-sms">
        <Table<BaseRecord>
          size="small"
          rowKey={rowKey}
          loading={texts.query.isLoading}
          dataSource={texts.result?.data ?? []}
          pagination={false}
          columns={[
            { key: 'body', title: t('Text'), render: (_, record) => String(record.body ?? '') },
            { key: 'state', title: t('State'), render: (_, record) => <StateHistory state={record.state as never} history={record.stateHistory} labels={SMS_STATE_LABELS} /> },
          ]}
        />
      </Card>
    </>
  );
}
