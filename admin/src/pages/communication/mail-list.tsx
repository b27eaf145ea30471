import { getPath, resolveField } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Card, Table, Tabs } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { requireResource } from '../../definitions/screens';
import { ListSearch, filterValue } from '../../generic/list/list-filters';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { activeTab, stateTabs } from './mail-tabs';
import { RecipientCell } from './recipient';
import { useMe } from '../../providers/use-me';
import { MailSourceButton } from './mail-source-button';
import { ResendMailButton, useReloadMails } from './resend-mail-button';
import { StateHistory } from './state-history';

/** Mail overview (spec part 1 section 2): subject, recipient and state history, filtered by state tabs. */
export default function MailList() {
  const t = useTranslate();
  const def = requireResource('communicationMail');
  const tabs = stateTabs(def);
  const labels = resolveField(def, 'state.id')?.choiceLabels ?? {};
  const { tableProps, filters, applyFilters, sorters, setFilters, setSorters } = useResourceTable(def);
  const current = activeTab(tabs, filterValue(filters, 'state.id', 'in'));
  const isSuper = (useMe()?.rights ?? []).includes('super');
  const reloadMails = useReloadMails();
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    {
      key: 'subject',
      title: t('Subject'),
      render: (_, record) => {
        const templateId = getPath(record, 'templateRef.templateId') as string | undefined;
        return (
          <div className="cell-stack">
            <strong>{String(record.subject ?? '')}</strong>
            {templateId && (
              <Link to={`/company/template/${templateId}/edit`} data-testid="template-link">
                <span className="row-icon row-icon-file-text" aria-hidden="true" /> {t('Template')}
              </Link>
            )}
          </div>
        );
      },
    },
    { key: 'to', title: t('To'), render: (_, record) => <RecipientCell to={record.to} address="email" /> },
    {
      key: 'state',
      title: t('State'),
      render: (_, record) => <StateHistory state={record.state as never} history={record.stateHistory} labels={labels} />,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      render: (_, record) => (
        <span className="row-buttons">
          <ResendMailButton record={record} onResent={reloadMails} />
          {isSuper && <MailSourceButton record={record} />}
        </span>
      ),
    },
  ]);
  return (
    <>
      <PageHeader title={t('Mails')} crumbs={[{ label: t('Communication') }, { label: t('Mails') }]} />
      <Card>
        <Tabs
          activeKey={current}
          onChange={(key) => {
            const states = tabs.find((tab) => tab.key === key)?.states ?? [];
            applyFilters([{ field: 'state.id', operator: 'in', value: states.length ? states : undefined }]);
          }}
          items={tabs.map((tab) => ({ key: tab.key, label: t(tab.label) }))}
        />
        <div style={{ marginBottom: 16 }}>
          <ListSearch filters={filters} set={applyFilters} width={280} />
        </div>
        <ListViewBar def={def} views={views} />
        <Table<BaseRecord>
          {...tableProps}
          rowKey={(record) => String(record._id ?? record.id)}
          size="middle"
          {...views.tableProps}
        />
      </Card>
    </>
  );
}
